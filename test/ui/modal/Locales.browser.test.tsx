/**
 * The visitor's locale in Chromium: the host's option first, else the browser's languages (with the
 * region fallbacks), else English; both followed at runtime (the provider's prop, `setLocale`, the
 * browser's `languagechange`). Right to left for Arabic and Hebrew: `dir` on the modal's root, the
 * Back button's box on the right and its chevron mirrored, text aligned to the start (the right), the
 * address left to right, and zero axe violations.
 */
import { afterEach, describe, expect, it } from "vitest"
import { render } from "vitest-browser-react"
import { buttonLabels } from "../../../ui/i18n/buttonLabel.ts"
import ar from "../../../ui/i18n/locales/ar.ts"
import fr from "../../../ui/i18n/locales/fr.ts"
import he from "../../../ui/i18n/locales/he.ts"
import ja from "../../../ui/i18n/locales/ja.ts"
import pt from "../../../ui/i18n/locales/pt.ts"
import { ConnectButton, PorticoProvider } from "../../../ui/react/index.ts"
import { createPortico, definePorticoElements } from "../../../ui/web/index.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { baseConfig, button, connectTestWallet, dialog, modalHost, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallets: Array<TestWallet> = []

/** What this browser says it prefers, as a visitor's browser would (restored after each test). */
const setBrowserLanguages = (languages: ReadonlyArray<string>) => {
  Object.defineProperty(navigator, "languages", { configurable: true, get: () => languages })
  window.dispatchEvent(new Event("languagechange"))
}

afterEach(() => {
  wallets.forEach((wallet) => wallet.stop())
  wallets = []
  Reflect.deleteProperty(navigator, "languages")
  localStorage.clear()
})

const announce = () => {
  const wallet = announceTestWallet()
  wallets.push(wallet)
  return wallet
}

const title = () => modalHost()?.shadowRoot?.getElementById("portico-title")?.textContent
const hostButton = () => document.querySelector<HTMLButtonElement>("[data-portico-button]")
const elementButton = () => document.querySelector("portico-connect-button button")
const backdrop = () => shadow().querySelector<HTMLElement>(".backdrop")
const box = (element: Element | null | undefined) => {
  if (element === null || element === undefined) throw new Error("No element to measure")
  return element.getBoundingClientRect()
}

describe("locale selection", () => {
  it("takes the host's locale option and follows it when the host changes it", async () => {
    setBrowserLanguages(["de-DE"])
    const config = { ...baseConfig, locale: "fr" }
    const screen = await render(<PorticoProvider config={config}><ConnectButton /></PorticoProvider>)
    await until(() => hostButton()?.textContent === buttonLabels.fr)
    await openModal()
    await until(() => title() === fr.modalTitleConnect)
    expect(backdrop()?.getAttribute("lang")).toBe("fr")
    await screen.rerender(<PorticoProvider config={{ ...config, locale: "ja" }}><ConnectButton /></PorticoProvider>)
    await until(() => title() === ja.modalTitleConnect)
    expect(hostButton()?.textContent).toBe(buttonLabels.ja)
    expect(button(ja.close)).toBeDefined()
    await screen.unmount()
  })

  it("without the option, follows the browser's languages (pt-PT is pt) and their change", async () => {
    setBrowserLanguages(["sw", "pt-PT", "en"])
    await renderPortico()
    await until(() => hostButton()?.textContent === buttonLabels.pt)
    await openModal()
    await until(() => title() === pt.modalTitleConnect)
    setBrowserLanguages(["zh-HK"])
    await until(() => title() === "連結錢包")
    expect(hostButton()?.textContent).toBe(buttonLabels["zh-TW"])
    setBrowserLanguages(["sw"])
    await until(() => title() === "Connect Wallet")
  })

  it("createPortico: getLocale and setLocale switch the element and the open modal", async () => {
    setBrowserLanguages(["he"])
    const portico = createPortico(baseConfig)
    definePorticoElements(portico)
    document.body.insertAdjacentHTML("beforeend", "<portico-connect-button></portico-connect-button>")
    await until(() => elementButton()?.textContent === buttonLabels.he)
    expect(portico.getLocale()).toBe("he")
    await portico.open()
    await until(() => title() === he.modalTitleConnect)
    portico.setLocale("ar-SA")
    await until(() => title() === ar.modalTitleConnect)
    expect(elementButton()?.textContent).toBe(buttonLabels.ar)
    expect(portico.getLocale()).toBe("ar")
    portico.setLocale(undefined)
    await until(() => title() === he.modalTitleConnect)
    await portico.destroy()
    document.querySelector("portico-connect-button")?.remove()
  })
})

describe("right to left", () => {
  for (const [locale, messages] of [["ar", ar], ["he", he]] as const) {
    it(`${locale}: the modal's root is rtl, Back sits on the right and points right, text starts on the right; axe passes`, async () => {
      const wallet = announce()
      await renderPortico({ locale, apiUrl: "https://api.invalid", projectId: "portico-test" })
      await openModal()
      await view("Connect")
      expect(backdrop()?.getAttribute("dir")).toBe("rtl")
      expect(backdrop()?.getAttribute("lang")).toBe(locale)
      const row = await until(() => button(/Test Wallet/))
      // The wallet's icon leads the row: on the right, its name to its left, aligned to the start.
      expect(box(row.querySelector("img")).left).toBeGreaterThan(box(row.querySelector(".name")).left)
      expect(getComputedStyle(row).direction).toBe("rtl")
      expect(getComputedStyle(row).textAlign).toBe("start")
      await expectNoAxeViolations()

      ;(await until(() => button(new RegExp(messages.allWallets)))).click()
      await view("AllWallets")
      const back = await until(() => button(messages.back))
      const dialogBox = box(dialog())
      expect(box(back).left).toBeGreaterThan(dialogBox.left + dialogBox.width / 2)
      expect(box(button(messages.close)).right).toBeLessThan(dialogBox.left + dialogBox.width / 2)
      // The chevron is mirrored, so it points toward where the visitor came from.
      expect(getComputedStyle(back.querySelector(".flip") ?? back).transform).toBe("matrix(-1, 0, 0, 1, 0, 0)")
      await expectNoAxeViolations()
      back.click()
      await view("Connect")
      button(messages.close)?.click()
      await until(() => dialog() === null)

      await connectTestWallet(wallet)
      await openModal()
      const account = await view("Account")
      await until(() => account.querySelector(".address"))
      // The address keeps its own (left-to-right) order inside the right-to-left view.
      expect(getComputedStyle(account.querySelector(".address") ?? account).direction).toBe("ltr")
      expect(account.textContent).toContain(messages.disconnect)
      await expectNoAxeViolations()
    })
  }
})
