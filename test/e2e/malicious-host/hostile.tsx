/**
 * A hostile host page: it embeds Portico like any host (the provider, the button, the modal — its project
 * allows this origin), then turns against the visitor with what any page's own script can do. The test
 * drives its tricks through `window.hostile`:
 * - restyle the wallet's panel iframe (inside the modal's open shadow root): transparent over a decoy
 *   button, nearly invisible, slid under the resting pointer, covered by a `pointer-events: none` overlay;
 * - run its own login through its own copy of the wallet's frame and feed it a code the visitor typed
 *   into the page's own field;
 * - draw a look-alike "recover your wallet" prompt and try to read the wallet's panel;
 * - ask for signatures through Portico's providers: a transaction passed as a message, an unlimited
 *   token approval presented as a harmless call.
 * Built by test/e2e/fixtures/Build.ts (page "hostile"), served under the test's strict CSP.
 */
import { useEffect } from "react"
import { createRoot } from "react-dom/client"
import { ConnectButton, PorticoProvider, useEvmProvider, useSolanaSigner } from "../../../ui/react/index.ts"
import { framePath } from "../../../core/embedded/FrameAddress.ts"
import { channel } from "../../../core/embedded/FrameProtocol.ts"
import { fixtureConfig } from "../fixtures/FixtureConfig.ts"
import { HostStatus } from "../fixtures/HostStatus.tsx"

type Outcome = string

interface Hostile {
  request?: (method: string, params: ReadonlyArray<unknown>) => Promise<Outcome>
  signSolanaMessage?: (bytes: ReadonlyArray<number>) => Promise<Outcome>
  /** The last request's outcome: `pending` until the wallet answers. */
  outcome?: Outcome
}

const hostile: Hostile & Record<string, unknown> = {}
Object.assign(globalThis, { hostile })

const outcomeOf = (promise: Promise<unknown>): Promise<Outcome> =>
  promise.then((result) => `ok ${String(result)}`, (error: unknown) => `error ${String((error as { code?: unknown }).code)}`)

/** The wallet's panel iframe, inside Portico's modal. */
const panel = (): HTMLIFrameElement | null => document.querySelector("portico-modal")?.shadowRoot?.querySelector("iframe.panel") ?? null

const style = (element: HTMLElement, properties: Readonly<Record<string, string>>) => {
  for (const [name, value] of Object.entries(properties)) element.style.setProperty(name, value, "important")
}

/** A button of the page's own, where the visitor is meant to click. */
const decoy = (label: string, x: number, y: number): HTMLButtonElement => {
  const button = document.createElement("button")
  button.textContent = label
  button.dataset["decoy"] = ""
  style(button, { position: "fixed", left: `${x - 100}px`, top: `${y - 25}px`, width: "200px", height: "50px", "z-index": "1" })
  document.body.append(button)
  return button
}

/** Moves the panel so that its point (`px`, `py`) lies at the page's (`x`, `y`), above everything else. */
const place = (frame: HTMLIFrameElement, px: number, py: number, x: number, y: number) =>
  style(frame, { position: "fixed", left: `${x - px}px`, top: `${y - py}px`, width: `${frame.offsetWidth}px`, height: `${frame.offsetHeight}px`, "z-index": "2147483647" })

Object.assign(hostile, {
  /** The panel made transparent and laid over a decoy "Claim your prize" button at (x, y). */
  transparentOver: (px: number, py: number, x: number, y: number) => {
    const frame = panel()
    if (frame === null) return false
    decoy("Claim your prize", x, y)
    place(frame, px, py, x, y)
    style(frame, { opacity: "0" })
    return true
  },
  /** The panel left in place, nearly invisible, with the page's own words behind it. */
  faint: () => {
    const frame = panel()
    if (frame === null) return false
    style(frame, { opacity: "0.01" })
    return true
  },
  /** The panel moved at once so its point (px, py) is under the page's point (x, y), where the pointer rests. */
  slideUnder: (px: number, py: number, x: number, y: number) => {
    const frame = panel()
    if (frame === null) return false
    place(frame, px, py, x, y)
    return true
  },
  /** A veil over the panel that lets clicks through (`pointer-events: none`) and says something else. */
  veil: () => {
    const frame = panel()
    if (frame === null) return false
    const box = frame.getBoundingClientRect()
    const cover = document.createElement("div")
    cover.textContent = "Free mint: press the blue button"
    cover.dataset["veil"] = ""
    style(cover, {
      position: "fixed", left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px`,
      "pointer-events": "none", background: "rgba(255, 255, 255, 0.92)", "z-index": "2147483647"
    })
    document.body.append(cover)
    return true
  },
  /** Tries to read what the wallet's panel shows (its sign, a code): the browser's same-origin policy answers. */
  readPanel: () => {
    try {
      return panel()?.contentDocument?.body.innerText ?? "unreadable"
    } catch {
      return "unreadable"
    }
  },
  /** The page's own look-alike of the wallet's recovery prompt; what is typed there is the page's. */
  phishRecovery: () => {
    const form = document.createElement("form")
    form.dataset["phish"] = ""
    const heading = document.createElement("h1")
    heading.textContent = "Recover your wallet"
    const input = document.createElement("input")
    input.setAttribute("aria-label", "Recovery code")
    form.append(heading, input)
    document.body.append(form)
    return true
  },
  /** The page's own copy of the wallet's frame: a login it runs itself, with a code it collects itself. */
  ownFrame: () => {
    const url = new URL(framePath, fixtureConfig.apiUrl)
    url.search = new URLSearchParams({ projectId: fixtureConfig.projectId, chainId: "eip155:31337", version: "hostile", enableLogger: "false" }).toString()
    const frame = document.createElement("iframe")
    frame.src = url.toString()
    frame.dataset["ownFrame"] = ""
    style(frame, { width: "0", height: "0", border: "0" })
    const inbox: Array<unknown> = []
    window.addEventListener("message", (event) => {
      if (event.source === frame.contentWindow) inbox.push(event.data)
    })
    document.body.append(frame)
    let count = 0
    const send = (type: string, payload: unknown) => {
      count += 1
      const id = count.toString(16).padStart(32, "0")
      frame.contentWindow?.postMessage({ channel, kind: "request", id, type, payload }, url.origin)
      return id
    }
    Object.assign(hostile, { ownInbox: () => inbox.map((entry) => JSON.stringify(entry)), ownSend: send })
    return true
  }
})

/** The page's own calls through Portico's providers, as any host script makes them. */
const Calls = () => {
  const provider = useEvmProvider()
  const signer = useSolanaSigner()
  useEffect(() => {
    const track = (outcome: Promise<Outcome>) => {
      hostile.outcome = "pending"
      return outcome.then((done) => (hostile.outcome = done))
    }
    hostile.request = (method, params) => track(outcomeOf(provider.request({ method, params: [...params] })))
    hostile.signSolanaMessage = (bytes) => track(outcomeOf(signer.signMessage(Uint8Array.from(bytes))))
  }, [provider, signer])
  return null
}

const root = document.getElementById("root")
if (root === null) throw new Error("#root is missing")
createRoot(root).render(
  <PorticoProvider config={fixtureConfig}>
    <header>
      <ConnectButton />
    </header>
    <HostStatus />
    <Calls />
  </PorticoProvider>
)
