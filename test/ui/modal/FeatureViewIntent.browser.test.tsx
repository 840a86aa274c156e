/**
 * The modal's first chunk holds only the connect path's screens (issue 30): the views past them (the full
 * wallet list, WalletConnect's QR code, UnsupportedChain, the feature areas) and the Account view's NFTs
 * and Activity tabs are fetched on the visitor's intent for them (pointer over, focus on what leads
 * there), one at a time: opening Connect or Account fetches none of them. The tests share the page's
 * module cache, so each checks modules no test before it fetched.
 */
import { afterEach, expect, it } from "vitest"
import { userEvent } from "vitest/browser"
import { en } from "../../../ui/i18n/en.ts"
import { installFakeRegistry } from "../support/FakeRegistry.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, connectTestWallet, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined
afterEach(() => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
})

// Every module the page requests from here on (an observer: the timeline's buffer fills up under the dev server).
const requested: Array<string> = []
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) requested.push(new URL(entry.name).pathname)
}).observe({ type: "resource" })

/** Whether the page has requested the module of a feature view (its source file, as the dev server serves it). */
const fetched = (file: string) => requested.some((path) => path.endsWith(file))

const walletConnectViews = ["/ConnectingWalletConnect/ConnectingWalletConnect.tsx", "/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.tsx"]
const laterViews = ["/AllWallets/AllWallets.tsx", ...walletConnectViews, "/UnsupportedChain/UnsupportedChain.tsx", "/Account/Nfts.tsx", "/Account/Activity.tsx"]

/** Whether the page has requested the QR code's encoder (a dependency, as the dev server serves it). */
const fetchedQrEncoder = () => requested.some((path) => path.endsWith("/uqr.js"))

it("opens on Connect without the views past it, and fetches the full list, WalletConnect's view and the QR code's encoder when the visitor points at All wallets", async () => {
  const registry = installFakeRegistry()
  try {
    wallet = announceTestWallet()
    await renderPortico({ apiUrl: "https://api.invalid" })
    await openModal()
    await view("Connect")
    const allWallets = await until(() => button(new RegExp(en.allWallets)))
    expect(fetched("/Connect/Connect.tsx") || fetched("/ModalRoot.tsx")).toBe(true)
    expect(laterViews.filter(fetched)).toEqual([])
    expect(fetchedQrEncoder()).toBe(false)
    await userEvent.hover(allWallets)
    // Its rows connect through WalletConnect: the view with the QR code and the code's encoder come along
    // (the host's mode's view only).
    await until(() => fetched("/AllWallets/AllWallets.tsx") && fetched(walletConnectViews[0] ?? "") && fetchedQrEncoder())
    expect(laterViews.filter(fetched)).toEqual(["/AllWallets/AllWallets.tsx", walletConnectViews[0]])
    allWallets.click()
    await view("AllWallets")
    await until(() => shadow().querySelector("input[type='search']"))
  } finally {
    registry.restore()
  }
})

/** A connected visitor opens the modal: the Account view. */
const openAccount = async () => {
  wallet = announceTestWallet()
  await renderPortico()
  await connectTestWallet(wallet)
  await openModal()
  return view("Account")
}

it("opens the Account view without any feature view's chunk, and fetches Send's alone when the visitor heads for Send", async () => {
  const account = await openAccount()
  const send = await until(() => account.querySelector<HTMLButtonElement>("[data-feature='Send']"))
  // The Account view's own modules were seen, so the observer works; no feature view's was.
  expect(fetched("/Account/Account.tsx") || fetched("/ModalRoot.tsx")).toBe(true)
  expect(["/Send/Send.tsx", "/Swap/Swap.tsx", "/Buy/Buy.tsx", "/Receive/Receive.tsx"].filter(fetched)).toEqual([])
  await userEvent.hover(send)
  await until(() => fetched("/Send/Send.tsx"))
  expect(["/Swap/Swap.tsx", "/Buy/Buy.tsx", "/Receive/Receive.tsx"].filter(fetched)).toEqual([])
})

it("opens the Account view on its Tokens tab without the NFTs and Activity panels, fetches the one tab pointed at, and shows it on the click", async () => {
  const account = await openAccount()
  const nfts = await until(() => account.querySelector<HTMLButtonElement>("#portico-tab-nfts"))
  expect(["/Account/Nfts.tsx", "/Account/Activity.tsx"].filter(fetched)).toEqual([])
  await userEvent.hover(nfts)
  await until(() => fetched("/Account/Nfts.tsx"))
  expect(fetched("/Account/Activity.tsx")).toBe(false)
  nfts.click()
  // The panel's own content replaces the chunk's status line (Nfts renders a <div>; the status line is a <p>).
  await until(() => account.querySelector("[role='tabpanel'] > div") !== null)
  expect(account.querySelector("[role='tabpanel']")?.textContent).not.toContain(en.loading)
})
