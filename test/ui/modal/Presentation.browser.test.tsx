/**
 * What the modal looks like rather than what it does: the light theme and host theme variables
 * (through the CSSOM, so a strict CSP allows them), host CSS that cannot reach inside, and toasts
 * (an open one hides and the next shows 150 ms later, timed by core's Modal).
 */
import { afterEach, describe, expect, it } from "vitest"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, connectTestWallet, dialog, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined

afterEach(() => {
  wallet?.stop()
  wallet = undefined
  document.getElementById("hostile-host-css")?.remove()
})

const backdrop = () => {
  const element = shadow().querySelector<HTMLElement>(".backdrop")
  if (element === null) throw new Error("no backdrop")
  return element
}

describe("theme", () => {
  it("is dark by default", async () => {
    await renderPortico()
    await openModal()
    expect(getComputedStyle(backdrop()).getPropertyValue("--portico-bg").trim().toLowerCase()).toBe("#141414")
  })

  it("is light on request, and the host's theme variables reach the modal", async () => {
    await renderPortico({ themeMode: "light", themeVariables: { accent: "rgb(200, 20, 30)" } })
    await openModal()
    expect(getComputedStyle(backdrop()).getPropertyValue("--portico-bg").trim().toLowerCase()).toBe("#ffffff")
    expect(getComputedStyle(backdrop()).getPropertyValue("--portico-accent").trim()).toBe("rgb(200, 20, 30)")
  })

  it("cannot be restyled by the host page's CSS", async () => {
    const style = document.createElement("style")
    style.id = "hostile-host-css"
    style.textContent = "button, [role=dialog], h2 { display: none !important; color: red !important; } * { font-size: 2px !important; }"
    document.head.append(style)
    await renderPortico()
    await openModal()
    const title = shadow().querySelector<HTMLElement>("h2")
    expect(title === null ? "" : getComputedStyle(title).display).not.toBe("none")
    expect(Number.parseFloat(getComputedStyle(dialog() ?? document.body).fontSize)).toBeGreaterThan(10)
    expect(dialog()?.getBoundingClientRect().width).toBe(360)
  })
})

describe("refused actions", () => {
  it("shake the dialog for 500 ms and swap toasts: an open one hides, the next shows 150 ms later", async () => {
    // The wallet knows only chain 1: switching to OP Mainnet fails (4902, then adding the chain is refused).
    wallet = announceTestWallet({ chains: [1] })
    await renderPortico()
    await connectTestWallet(wallet)
    await openModal()
    await view("Account")
    const switchButton = await until(() => button(/OP Mainnet/))
    switchButton.click()
    await until(() => shadow().querySelector(".toast"))
    const shakeStart = performance.now()
    expect(dialog()?.classList.contains("shake")).toBe(true)
    await until(() => dialog()?.classList.contains("shake") === false, 2_000)
    expect(performance.now() - shakeStart).toBeGreaterThanOrEqual(400)
    expect(shadow().querySelector(".toast")?.closest("[role='status']")).not.toBeNull()
    // Record when the toast leaves and comes back after the second refusal.
    const changes: Array<{ readonly at: number; readonly shown: boolean }> = []
    const observer = new MutationObserver(() => {
      const shown = shadow().querySelector(".toast") !== null
      if (changes.at(-1)?.shown !== shown) changes.push({ at: performance.now(), shown })
    })
    observer.observe(shadow(), { childList: true, subtree: true })
    switchButton.click()
    await until(() => changes.length >= 2, 2_000)
    observer.disconnect()
    expect(changes.map((change) => change.shown)).toEqual([false, true])
    const [hidden, shown] = changes
    expect((shown?.at ?? 0) - (hidden?.at ?? 0)).toBeGreaterThanOrEqual(140)
    expect(wallet.chainId()).toBe(1)
  })
})
