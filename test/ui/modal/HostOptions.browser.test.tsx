/**
 * Options a host turns on or gets wrong, as a visitor meets them: the legal checkbox (off by default; on, no
 * wallet, WalletConnect, list, email or social entry can be used until it is ticked, the links open the host's
 * pages in a new tab, by keyboard and axe clean), and a theme mode other than dark or light (refused with a
 * developer alert in the console; the modal stays dark), as are theme variables that are not the spec's.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { userEvent } from "vitest/browser"
import type { PorticoConfig } from "../../../core/Config.ts"
import { en } from "../../../ui/i18n/en.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, dialog, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined
afterEach(() => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
  vi.restoreAllMocks()
})

const legalPages: Partial<PorticoConfig> = {
  features: { legalCheckbox: true, socials: ["google", "github"] },
  termsConditionsUrl: "https://host.invalid/terms",
  privacyPolicyUrl: "https://host.invalid/privacy"
}
/** With a server and a project id: WalletConnect, the full list, email and social are all offered. */
const legal: Partial<PorticoConfig> = { ...legalPages, apiUrl: "https://api.invalid", projectId: "portico-test" }

const checkbox = () => shadow().querySelector<HTMLInputElement>("[data-legal-checkbox]")
const activeInModal = () => shadow().activeElement

describe("the legal checkbox", () => {
  it("is off by default", async () => {
    wallet = announceTestWallet()
    await renderPortico({ apiUrl: "https://api.invalid" })
    await openModal()
    await view("Connect")
    await until(() => button(/Test Wallet/))
    expect(checkbox()).toBeNull()
    expect(button(/Test Wallet/)?.matches(":disabled")).toBe(false)
  })

  it("holds back every way of connecting until ticked, says why, links the host's pages and passes axe", async () => {
    wallet = announceTestWallet()
    await renderPortico(legal)
    await openModal()
    await view("Connect")
    const box = await until(() => checkbox())
    const label = shadow().querySelector(`label[for='${box.id}']`)
    expect(label?.textContent).toBe(`I agree to the ${en.legalTerms} and ${en.legalPrivacy}`)
    const links = [...(label?.querySelectorAll("a") ?? [])]
    expect(links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel")])).toEqual([
      [en.legalTerms, "https://host.invalid/terms", "_blank", "noopener noreferrer"],
      [en.legalPrivacy, "https://host.invalid/privacy", "_blank", "noopener noreferrer"]
    ])
    // Every entry is disabled, and the reason is what describes them and the checkbox.
    const entries = [
      await until(() => button(/Test Wallet/)),
      await until(() => button(new RegExp(en.walletConnect))),
      await until(() => button(new RegExp(en.allWallets))),
      shadow().querySelector<HTMLElement>("[data-email-input]"),
      shadow().querySelector<HTMLElement>("[data-social='google']")
    ]
    for (const entry of entries) expect(entry?.matches(":disabled")).toBe(true)
    const hint = shadow().getElementById(box.getAttribute("aria-describedby") ?? "")
    expect(hint?.textContent).toBe(en.legalRequired)
    expect(shadow().querySelector("fieldset.gate")?.getAttribute("aria-describedby")).toBe(hint?.id)
    await expectNoAxeViolations()
    // A click on a held-back wallet asks it nothing.
    button(/Test Wallet/)?.click()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(dialog()?.getAttribute("data-view")).toBe("Connect")
    expect(wallet.requests.filter((request) => request.method === "eth_requestAccounts")).toEqual([])

    box.click()
    await until(() => button(/Test Wallet/)?.matches(":disabled") === false)
    for (const entry of entries) expect(entry?.matches(":disabled")).toBe(false)
    expect(box.getAttribute("aria-describedby")).toBeNull()
    await expectNoAxeViolations()
    button(/Test Wallet/)?.click()
    await view("ConnectingExternal")
  })

  it("is ticked and passed with the keyboard alone", async () => {
    wallet = announceTestWallet()
    await renderPortico(legalPages)
    await openModal()
    await view("Connect")
    // Focus starts on the checkbox: the first control the visitor can use.
    await until(() => activeInModal() === checkbox())
    await userEvent.keyboard(" ")
    await until(() => checkbox()?.checked === true)
    const row = await until(() => button(/Test Wallet/))
    for (let step = 0; step < 5 && activeInModal() !== row; step++) await userEvent.keyboard("{Tab}")
    expect(activeInModal()).toBe(row)
    await userEvent.keyboard("{Enter}")
    await view("ConnectingExternal")
  })
})

describe("theme options", () => {
  it("refuses a theme mode other than dark or light: the modal is dark and the developer's console says why", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    await renderPortico({ themeMode: "system" as "dark" })
    await openModal()
    await view("Connect")
    expect(shadow().querySelector(".backdrop")?.classList.contains("dark")).toBe(true)
    expect(document.querySelector("[data-portico-button]")?.getAttribute("data-theme")).toBe("dark")
    await until(() => warn.mock.calls.some(([line]) => String(line).includes('themeMode "system": Theme mode must be light or dark')))
    expect(String(warn.mock.calls.find(([line]) => String(line).includes("themeMode"))?.[0])).toMatch(/^\[Portico\] Invalid App Configuration: /)
  })

  it("refuses theme variables that are not the spec's, and applies none of them", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    await renderPortico({ themeVariables: { accent: "rgb(1, 2, 3)", accentColor: "red" } as never })
    await openModal()
    await view("Connect")
    const backdrop = await until(() => shadow().querySelector<HTMLElement>(".backdrop"))
    expect(backdrop.style.getPropertyValue("--portico-accent")).toBe("")
    await until(() => warn.mock.calls.some(([line]) => String(line).includes("themeVariables: Theme variables are invalid")))
  })
})
