/**
 * What a visitor tripped over, each as it happened: Escape stopped closing the modal once focus fell to
 * <body>; the email field's accessible name was "Email Continue"; on a touch device the Email field took
 * focus and its keyboard covered the wallet list; the sign view's Cancel was an unstyled browser button;
 * an account without a picture of its own showed a blank tile.
 */
import { afterEach, describe, expect, it } from "vitest"
import { cdp, page, userEvent } from "vitest/browser"
import type { SignInBackend } from "../../../core/Config.ts"
import { en } from "../../../ui/i18n/en.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, dialog, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined
afterEach(async () => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
  await cdp().send("Emulation.setTouchEmulationEnabled", { enabled: false })
  await cdp().send("Emulation.setEmitTouchEventsForMouse", { enabled: false })
  await page.viewport(defaultViewport.width, defaultViewport.height)
})
const defaultViewport = { width: window.innerWidth, height: window.innerHeight }

const activeInModal = () => shadow().activeElement

describe("what a visitor trips over", () => {
  it("closes on Escape after focus fell out of the dialog to <body>", async () => {
    wallet = announceTestWallet()
    await renderPortico()
    await openModal()
    await view("Connect")
    ;(activeInModal() as HTMLElement | null)?.blur()
    expect(document.activeElement).toBe(document.body)
    await userEvent.keyboard("{Escape}")
    await until(() => dialog() === null)
  })

  it("names the email field 'Email' alone, not 'Email Continue'", async () => {
    await renderPortico({ apiUrl: "https://api.invalid" })
    await openModal()
    await view("Connect")
    await expect.element(page.getByRole("textbox", { name: en.emailLabel, exact: true })).toBeInTheDocument()
    await expect.element(page.getByRole("button", { name: en.emailContinue, exact: true })).toBeInTheDocument()
  })

  it("on a touch device, moves focus into the dialog but not into the Email field, so no keyboard covers the wallets", async () => {
    await cdp().send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 })
    await cdp().send("Emulation.setEmitTouchEventsForMouse", { enabled: true, configuration: "mobile" })
    expect(matchMedia("(pointer: coarse)").matches).toBe(true)
    wallet = announceTestWallet()
    await renderPortico({ apiUrl: "https://api.invalid" })
    await openModal()
    await view("Connect")
    await until(() => activeInModal() !== null)
    expect(activeInModal()).toBe(dialog())
    expect(shadow().querySelector("[data-email-input]")).not.toBeNull()
  })

  it("on a phone that cannot connect in the page, opens on AllWallets (the wallets' apps); with a wallet there, on Connect", async () => {
    await page.viewport(390, 844)
    await cdp().send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 5 })
    await cdp().send("Emulation.setEmitTouchEventsForMouse", { enabled: true, configuration: "mobile" })
    expect(matchMedia("(pointer: coarse) and (max-width: 600px)").matches).toBe(true)
    const phoneOnly = { apiUrl: "https://api.invalid", features: { email: false, socials: false } } as const
    await renderPortico(phoneOnly)
    await openModal()
    await view("AllWallets")
    await userEvent.keyboard("{Escape}")
    await until(() => dialog() === null)
    wallet = announceTestWallet()
    await renderPortico(phoneOnly)
    await openModal()
    await view("Connect")
  })

  it("with a mouse and keyboard, still starts on the Email field", async () => {
    await renderPortico({ apiUrl: "https://api.invalid" })
    await openModal()
    await view("Connect")
    await until(() => activeInModal()?.hasAttribute("data-email-input") === true)
  })

  it("styles the sign view's Cancel as the modal's other buttons", async () => {
    wallet = announceTestWallet()
    const backend: SignInBackend = {
      getNonce: () => Promise.resolve("a1b2c3d4e5f60718"),
      addSession: () => Promise.resolve(),
      getSessions: () => Promise.resolve([]),
      setSessions: () => Promise.resolve()
    }
    await renderPortico({ siwx: { backend } })
    await openModal()
    ;(await until(() => button(/Test Wallet/))).click()
    await wallet.prompted()
    wallet.approve()
    await view("SIWXSignMessage")
    const cancel = await until(() => button(en.signInCancel))
    const style = getComputedStyle(cancel)
    expect(style.borderRadius).toBe("12px")
    expect(style.cursor).toBe("pointer")
    expect(cancel.className).toBe("secondary")
  })

  it("draws an avatar from the address when the account has no picture of its own, never a blank tile", async () => {
    wallet = announceTestWallet()
    await renderPortico()
    await openModal()
    ;(await until(() => button(/Test Wallet/))).click()
    await wallet.prompted()
    wallet.approve()
    await until(() => dialog() === null)
    await openModal()
    const account = await view("Account")
    const avatar = account.querySelector("[data-address-avatar]")
    expect(avatar?.getAttribute("aria-label")).toBe(en.accountOf.replace("{address}", wallet.address))
    // Drawn, not blank: a pattern of cells in the address's hue.
    expect(avatar?.querySelectorAll("rect").length).toBeGreaterThan(1)
  })
})
