/**
 * Portico without React in the host's code: `createPortico` and `<portico-connect-button>` on a plain
 * page. The element shows the label, opens the modal on click, follows the connection (shortened
 * address), the host subscribes to the state and talks to the wallet through the EIP-1193 provider.
 */
import { afterAll, describe, expect, expectTypeOf, it } from "vitest"
import { render } from "vitest-browser-react"
import { en } from "../../../ui/i18n/en.ts"
import { createPortico, definePorticoElements, type PorticoState } from "../../../ui/web/index.ts"
import { announceTestWallet } from "../support/TestWallet.ts"
import { baseConfig, button, dialog, until } from "../support/render.tsx"

localStorage.clear()
const portico = createPortico({ ...baseConfig, themeVariables: { accent: "#7b3fe4" } })
definePorticoElements(portico)
const wallet = announceTestWallet()
afterAll(async () => {
  wallet.stop()
  await portico.destroy()
})

const element = () => document.querySelector("portico-connect-button")?.querySelector("button") ?? null

describe("createPortico and <portico-connect-button>", () => {
  it("mounts the modal closed when the visitor shows intent (prepare), so a click only opens it", async () => {
    portico.prepare()
    // The chunks load through Vite on the first intent of a test file: slow on a busy machine.
    await until(() => document.querySelector("portico-root"), 30_000)
    expect(dialog()).toBeNull()
  })

  it("renders the button, opens the modal, follows the connection and serves the host's provider", async () => {
    document.body.insertAdjacentHTML("beforeend", "<portico-connect-button></portico-connect-button>")
    const rendered = await until(element)
    expect(rendered.textContent).toBe(en.connectWallet)
    expect(rendered.getAttribute("aria-haspopup")).toBe("dialog")
    expect(rendered.style.getPropertyValue("--portico-accent")).toBe("#7b3fe4")

    const seen: Array<PorticoState> = []
    const unsubscribe = portico.subscribe((state) => seen.push(state))
    rendered.click()
    // The first click of a test file loads the dialog's chunks through Vite: slow on a busy machine.
    await until(() => dialog(), 30_000)
    ;(await until(() => button(/Test Wallet/))).click()
    await wallet.prompted()
    wallet.approve()
    await until(() => dialog() === null)

    await until(() => element()?.hasAttribute("data-connected") === true)
    expect(element()?.textContent).toBe(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`)
    expect(portico.getState()).toMatchObject({ isConnected: true, address: wallet.address, namespace: "eip155" })
    expect(seen.some((state) => state.address === wallet.address)).toBe(true)
    expect(await portico.evmProvider.request({ method: "eth_accounts" })).toEqual([wallet.address])

    await portico.disconnect()
    await until(() => element()?.textContent === en.connectWallet)
    unsubscribe()
    expect(portico.getState().isConnected).toBe(false)
  })

  // Written in JSX, this file only typechecks (npm test) while the package declares the element to React and the DOM.
  it("is the element by name in a React host's JSX and in querySelector's type", async () => {
    const screen = await render(<portico-connect-button id="in-react"></portico-connect-button>)
    const host = document.querySelector("#in-react")
    expectTypeOf(document.querySelector("portico-connect-button")).toEqualTypeOf<HTMLElement | null>()
    expect((await until(() => host?.querySelector("button") ?? null)).textContent).toBe(en.connectWallet)
    await screen.unmount()
  })

  it("refuses a second definition of the element", () => {
    expect(() => definePorticoElements(portico)).toThrow(/already defined/)
  })
})
