/**
 * The modal's views with the real engine behind them: each view reached by the visitor's path,
 * checked with axe-core (zero violations), plus the dialog's keyboard contract, the locales and
 * inert rendering of hostile wallet announcements.
 */
import { afterEach, describe, expect, it } from "vitest"
import { userEvent } from "vitest/browser"
import de from "../../../ui/i18n/locales/de.ts"
import { en } from "../../../ui/i18n/en.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, connectTestWallet, dialog, hostStatus, modalHost, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallets: Array<TestWallet> = []

afterEach(() => {
  wallets.forEach((wallet) => wallet.stop())
  wallets = []
  localStorage.clear()
})

const announce = (options?: Parameters<typeof announceTestWallet>[0]) => {
  const wallet = announceTestWallet(options)
  wallets.push(wallet)
  return wallet
}

const activeInModal = () => shadow().activeElement

describe("modal views", () => {
  it("Connect lists the announced wallet with its icon and name, and passes axe", async () => {
    announce()
    await renderPortico({ apiUrl: "https://api.invalid", projectId: "portico-test" })
    await openModal()
    const connect = await view("Connect")
    expect(connect.getAttribute("aria-modal")).toBe("true")
    const title = shadow().getElementById(connect.getAttribute("aria-labelledby") ?? "")
    expect(title?.textContent).toBe(en.modalTitleConnect)
    const row = await until(() => button(/Test Wallet/))
    expect(row.querySelector("img")?.getAttribute("src")).toMatch(/^data:image\/png/)
    // WalletConnect and All Wallets carry Portico's own icons (inline SVG data URLs), not blank tiles.
    for (const name of [en.walletConnect, en.allWallets]) {
      const ownRow = await until(() => button(new RegExp(name)))
      expect(ownRow.querySelector(".placeholder")).toBeNull()
      const icon = ownRow.querySelector("img")
      expect(icon?.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
      await until(() => icon?.complete === true && icon.naturalWidth > 0)
    }
    await expectNoAxeViolations()
  })

  it("ConnectingExternal waits for the wallet, then shows the declined wording and retries", async () => {
    const wallet = announce()
    await renderPortico()
    await openModal()
    ;(await until(() => button(/Test Wallet/))).click()
    const connecting = await view("ConnectingExternal")
    await wallet.prompted()
    // The header names the wallet being connected.
    expect(shadow().getElementById("portico-title")?.textContent).toBe("Test Wallet")
    expect(connecting.textContent).toContain("Continue in Test Wallet")
    await expectNoAxeViolations()
    wallet.reject()
    // A refused connection shakes the dialog (500 ms, core's Modal timer).
    await until(() => dialog()?.classList.contains("shake"))
    const alert = await until(() => shadow().querySelector("[role='alert']"))
    expect(alert.textContent).toContain(en.connectionDeclined)
    // The wallet's 4001, said in the visitor's language.
    expect(dialog()?.textContent).toContain(en.errorUserRejected)
    // Declined: the wallet's icon, the refusal and a retry; no "Continue in" above it.
    expect(connecting.textContent).not.toContain("Continue in")
    expect(connecting.querySelector("img")?.getAttribute("alt")).toBe("Test Wallet icon")
    expect(button(en.tryAgain)).toBeDefined()
    await expectNoAxeViolations()
    button(en.tryAgain)?.click()
    await wallet.prompted()
    wallet.approve()
    await until(() => hostStatus().startsWith("eip155"))
  })

  it("Account shows the shortened address, network, tabs and explorer link, and passes axe", async () => {
    const wallet = announce()
    await renderPortico()
    await connectTestWallet(wallet)
    await openModal()
    const account = await view("Account")
    expect(account.querySelector("[data-address]")?.textContent).toBe("0x7099…79C8")
    expect(account.querySelector("[data-network='eip155:1']")?.textContent).toBe("Ethereum")
    expect([...account.querySelectorAll("[role='tab']")].map((tab) => tab.textContent)).toEqual([en.tokens, en.nfts, en.activity])
    const explorer = [...account.querySelectorAll("a")].find((link) => link.getAttribute("aria-label") === en.viewOnExplorer)
    expect(explorer?.getAttribute("href")).toBe(`https://etherscan.io/address/${wallet.address}`)
    // No API configured: the balance fails visibly rather than showing a made-up number.
    await until(() => account.textContent?.includes(en.tokenBalanceUnavailable))
    await expectNoAxeViolations()
  })

  it("UnsupportedChain opens when the wallet is on a network the host did not request, and switching fixes it", async () => {
    const wallet = announce({ chainId: 5, chains: [1, 5, 10] })
    await renderPortico()
    await openModal()
    ;(await until(() => button(/Test Wallet/))).click()
    await wallet.prompted()
    wallet.approve()
    await view("UnsupportedChain")
    await expectNoAxeViolations()
    // Reached from the connecting view, it offers the header's Back, which closes (spec §2).
    ;(await until(() => button(en.back))).click()
    await until(() => dialog() === null)
    // Opened directly by the rule (the host opens the modal on that chain): no Back, only Close.
    await openModal()
    await view("UnsupportedChain")
    expect(button(en.back)).toBeUndefined()
    expect(button(en.close)).toBeDefined()
    ;(await until(() => button(/OP Mainnet/))).click()
    await until(() => hostStatus().endsWith("eip155:10"))
    expect(wallet.chainId()).toBe(10)
    await view("Account")
  })
})

describe("the dialog's keyboard contract", () => {
  it("moves focus in, traps Tab and Shift+Tab, closes on Escape and gives focus back", async () => {
    announce()
    await renderPortico()
    const trigger = document.querySelector<HTMLButtonElement>("[data-portico-button]")
    trigger?.focus()
    await userEvent.keyboard("{Enter}")
    await view("Connect")
    await until(() => button(/Test Wallet/))
    await until(() => activeInModal() !== null)
    for (let step = 0; step < 10; step++) {
      await userEvent.keyboard("{Tab}")
      expect(document.activeElement).toBe(modalHost())
      expect(dialog()?.contains(activeInModal() ?? null)).toBe(true)
    }
    for (let step = 0; step < 10; step++) {
      await userEvent.keyboard("{Shift>}{Tab}{/Shift}")
      expect(dialog()?.contains(activeInModal() ?? null)).toBe(true)
    }
    await userEvent.keyboard("{Escape}")
    await until(() => dialog() === null)
    expect(document.activeElement).toBe(trigger)
  })

  it("connects with the keyboard alone", async () => {
    const wallet = announce()
    await renderPortico()
    document.querySelector<HTMLButtonElement>("[data-portico-button]")?.focus()
    await userEvent.keyboard("{Enter}")
    await until(() => button(/Test Wallet/))
    for (let step = 0; step < 8 && !(activeInModal()?.textContent ?? "").includes("Test Wallet"); step++) {
      await userEvent.keyboard("{Tab}")
    }
    expect(activeInModal()?.textContent).toContain("Test Wallet")
    await userEvent.keyboard("{Enter}")
    await wallet.prompted()
    wallet.approve()
    await until(() => hostStatus().startsWith("eip155"))
  })
})

describe("locales", () => {
  it("every English key has a German text", () => {
    const missing = Object.keys(en).filter((key) => (de[key as keyof typeof de] ?? "").trim() === "")
    expect(missing).toEqual([])
  })

  it("switches the button and the modal to German by configuration", async () => {
    announce()
    const screen = await renderPortico({ locale: "de" })
    await expect.element(screen.getByRole("button", { name: de.connectWallet })).toBeVisible()
    await openModal()
    const connect = await view("Connect")
    expect(shadow().getElementById(connect.getAttribute("aria-labelledby") ?? "")?.textContent).toBe(de.modalTitleConnect)
    expect(button(de.close)).toBeDefined()
    expect(connect.textContent).not.toContain(en.installed)
  })

  it("says a wallet's refusal in German, not in the wallet's English", async () => {
    const wallet = announce()
    await renderPortico({ locale: "de" })
    await openModal()
    ;(await until(() => button(/Test Wallet/))).click()
    await wallet.prompted()
    wallet.reject()
    const alert = await until(() => shadow().querySelector("[role='alert']"))
    expect(alert.textContent).toContain(de.errorUserRejected)
    expect(alert.textContent).not.toContain("User rejected")
  })
})

describe("Receive", () => {
  it("shows the address as text and QR code, copies it, names the networks it receives on, and passes axe", async () => {
    const wallet = announce()
    await renderPortico()
    await connectTestWallet(wallet)
    await openModal()
    await view("Account")
    const features = await until(() => shadow().querySelector("[role='group'][aria-label='" + en.walletFeatures + "']"))
    expect([...features.querySelectorAll("button")].map((item) => item.textContent)).toEqual([en.buy, en.swap, en.receive, en.send])
    button(en.receive)?.click()
    const receive = await view("Receive")
    const qr = await until(() => receive.querySelector<HTMLImageElement>("img.qr"))
    expect(qr.src.startsWith("data:image/svg+xml")).toBe(true)
    expect(qr.getAttribute("data-receive-address")).toBe(wallet.address)
    expect(receive.querySelector("[data-address]")?.textContent).toBe(wallet.address)
    expect([...receive.querySelectorAll("[data-network]")].map((item) => item.textContent)).toEqual(["Ethereum", "OP Mainnet"])
    await expectNoAxeViolations()
    button(en.copyAddress)?.click()
    await until(() => shadow().querySelector(".toast")?.textContent === en.addressCopied || shadow().querySelector(".toast")?.textContent === en.copyFailed)
    button(en.back)?.click()
    await view("Account")
  })
})

describe("what a visitor found", () => {
  it("the Connect view's hint names only the rows it shows", async () => {
    // No wallet, no project id (no WalletConnect) and no API (no All Wallets).
    await renderPortico()
    await openModal()
    const connect = await view("Connect")
    expect(connect.textContent).toContain(en.noWalletsDetected)
    expect(connect.textContent).not.toContain("All Wallets")
    expect(connect.textContent).not.toContain("WalletConnect")
  })

  it("Account tabs follow the WAI-ARIA tabs pattern: one tab stop, arrows, Home and End", async () => {
    const wallet = announce()
    await renderPortico()
    await connectTestWallet(wallet)
    await openModal()
    const account = await view("Account")
    const tabs = () => [...account.querySelectorAll<HTMLButtonElement>("[role='tab']")]
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
    tabs()[0]?.focus()
    await userEvent.keyboard("{ArrowRight}")
    expect(activeInModal()?.textContent).toBe(en.nfts)
    expect(tabs()[1]?.getAttribute("aria-selected")).toBe("true")
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}")
    expect(activeInModal()?.textContent).toBe(en.activity)
    await userEvent.keyboard("{Home}")
    expect(activeInModal()?.textContent).toBe(en.tokens)
    await userEvent.keyboard("{End}")
    expect(tabs().map((tab) => tab.tabIndex)).toEqual([-1, -1, 0])
  })

  it("the connect button is styled and themed out of the box, and the host's class still wins", async () => {
    const screen = await renderPortico({ themeMode: "light", themeVariables: { accent: "rgb(10, 20, 30)" } })
    const element = screen.getByRole("button", { name: en.connectWallet }).element()
    await until(() => getComputedStyle(element).backgroundColor === "rgb(10, 20, 30)")
    expect(getComputedStyle(element).borderRadius).toBe("12px")
    expect(element.getAttribute("style")).toContain("--portico-accent")
    const hostSheet = new CSSStyleSheet()
    hostSheet.replaceSync("[data-portico-button] { border-radius: 2px; }")
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, hostSheet]
    expect(getComputedStyle(element).borderRadius).toBe("2px")
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== hostSheet)
  })
})

describe("hostile announcements", () => {
  it("renders an HTML name as text and a scripted SVG icon as an inert <img>", async () => {
    const name = "<img src=x onerror=\"globalThis.__pwned=1\"><b>Evil</b>"
    const svg = "<svg xmlns='http://www.w3.org/2000/svg' onload='globalThis.__pwned=2'><script>globalThis.__pwned=3</script></svg>"
    announce({ name, rdns: "example.evil", icon: `data:image/svg+xml,${encodeURIComponent(svg)}` })
    await renderPortico()
    await openModal()
    const row = await until(() => button(/Evil/))
    expect(row.textContent).toContain(name)
    expect(row.querySelector("b, script, svg")).toBeNull()
    const images = [...row.querySelectorAll("img")]
    expect(images.map((image) => image.getAttribute("src")?.slice(0, 19))).toEqual(["data:image/svg+xml,"])
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it("drops an announcement whose icon is a javascript: URL", async () => {
    announce({ name: "Sneaky", rdns: "example.sneaky", icon: "javascript:globalThis.__pwned=4" })
    announce()
    await renderPortico()
    await openModal()
    await until(() => button(/Test Wallet/))
    expect(button(/Sneaky/)).toBeUndefined()
    expect(shadow().querySelector("img[src^='javascript']")).toBeNull()
  })
})
