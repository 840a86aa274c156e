/**
 * The Account view's Activity and NFTs tabs against a history API answered in the page
 * (test/ui/support/FakeHistory.ts): loading, then the transactions of the connected chain without
 * all-spam ones, grouped by year then month with the locale's month names, each row with
 * direction, counterparty, a 3-decimal amount and a short relative time; approvals as the allowance
 * to the spender; "Load more" by cursor;
 * the empty and failed states; NFTs held (sent-away ones left out), deduplicated, each with its image
 * when it is a safe source and a monogram otherwise.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { page } from "vitest/browser"
import de from "../../../ui/i18n/locales/de.ts"
import he from "../../../ui/i18n/locales/he.ts"
import { en } from "../../../ui/i18n/en.ts"
import { type FakeHistory, type HistoryPage, installFakeHistory } from "../support/FakeHistory.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, connectTestWallet, dialog, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined
let history: FakeHistory

beforeAll(() => {
  history = installFakeHistory()
})
afterAll(() => history.restore())
afterEach(() => {
  wallet?.stop()
  wallet = undefined
  history.release()
  localStorage.clear()
})

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const usdc = { name: "USD Coin", symbol: "USDC" }
const counterparty = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01"

const firstPage: HistoryPage = {
  next: "20",
  data: [
    { id: "recent-in", minedAt: minutesAgo(5), sentFrom: counterparty, transfers: [{ direction: "in", quantity: { decimals: "6", numeric: "1.23456789" }, fungible_info: usdc }] },
    { id: "other-chain", chain: "eip155:10", minedAt: minutesAgo(6), transfers: [{ direction: "in", quantity: { decimals: "6", numeric: "5" }, fungible_info: usdc }] },
    { id: "all-spam", minedAt: minutesAgo(7), transfers: [{ direction: "in", quantity: { decimals: "0", numeric: "1" }, nft_info: { name: "Free Mint #1", flags: { is_spam: true } } }] },
    { id: "march-out", minedAt: "2025-03-10T12:00:00.000Z", sentTo: counterparty, transfers: [{ direction: "out", quantity: { decimals: "18", numeric: "0.5" }, fungible_info: { name: "Ether", symbol: "ETH" } }] },
    { id: "cat-7", minedAt: "2025-03-02T12:00:00.000Z", transfers: [{ direction: "in", quantity: { decimals: "0", numeric: "1" }, nft_info: { name: "Portico Cats #7", flags: { is_spam: false } } }] },
    { id: "cat-7-again", minedAt: "2025-03-01T12:00:00.000Z", transfers: [{ direction: "in", quantity: { decimals: "0", numeric: "1" }, nft_info: { name: "Portico Cats #7", flags: { is_spam: false } } }] }
  ]
}
const secondPage: HistoryPage = {
  next: null,
  data: [
    { id: "december", minedAt: "2024-12-24T08:00:00.000Z", transfers: [{ direction: "in", quantity: { decimals: "6", numeric: "42.9999" }, fungible_info: usdc }] },
    { id: "dog-3", minedAt: "2024-12-01T08:00:00.000Z", transfers: [{ direction: "in", quantity: { decimals: "0", numeric: "1" }, nft_info: { name: "Portico Dogs #3", flags: { is_spam: false } } }] }
  ]
}

const spender = "0x1234567890123456789012345678901234567890"
const approvals: HistoryPage = {
  next: null,
  data: [
    { id: "unlimited", minedAt: minutesAgo(3), operationType: "approve", transfers: [], approvals: [{ fungible_info: usdc, unlimited: true, spender }] },
    { id: "bounded", minedAt: minutesAgo(4), operationType: "approve", transfers: [], approvals: [{ fungible_info: usdc, quantity: { decimals: "6", numeric: "250.5" }, unlimited: false, spender }] }
  ]
}

const trade: HistoryPage = {
  next: null,
  data: [{
    id: "trade",
    minedAt: minutesAgo(2),
    operationType: "trade",
    transfers: [
      { direction: "out", quantity: { decimals: "18", numeric: "1" }, fungible_info: { name: "Ether", symbol: "ETH" } },
      { direction: "in", quantity: { decimals: "6", numeric: "3000" }, fungible_info: usdc }
    ]
  }]
}

/** Connects the test wallet with an API configured, then opens the Account view on `tab`. */
const openAccountTab = async (tab: string, locale: "en" | "de" | "he" = "en") => {
  wallet = announceTestWallet()
  await renderPortico({ apiUrl: "https://api.invalid", locale })
  await connectTestWallet(wallet)
  await openModal()
  const account = await view("Account")
  const tabButton = await until(() => [...account.querySelectorAll<HTMLButtonElement>("[role='tab']")].find((candidate) => candidate.textContent === tab))
  tabButton.click()
  return account
}

const panel = () => shadow().querySelector<HTMLElement>("[role='tabpanel']")
const headings = () => [...(panel()?.querySelectorAll("h3") ?? [])].map((heading) => heading.textContent)
const rows = () => [...(panel()?.querySelectorAll<HTMLElement>("[data-transaction]") ?? [])]

/** A screenshot of the dialog into test-results/screenshots/ (the path is relative to this file). */
const shoot = async (name: string) => {
  const element = dialog()
  if (element === null) throw new Error("The modal is not open")
  await page.screenshot({ element, path: `../../../test-results/screenshots/${name}.png` })
}

describe("Account → Activity", () => {
  it("loads, then groups the connected chain's non-spam transactions by month with rows, and loads more by cursor", async () => {
    history.serve({ "": firstPage, "20": secondPage })
    history.hold()
    await openAccountTab(en.activity)
    await until(() => panel()?.querySelector("[role='status']")?.textContent === en.loading)
    history.release()
    await until(() => rows().length > 0)
    expect(history.requests[0]).toEqual({ cursor: undefined, chainId: "eip155:1" })

    const now = new Date()
    const currentMonth = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(now)
    expect(headings()).toEqual([currentMonth, "March 2025"])
    // Other chain and all-spam entries are gone; the rest keep the API's order.
    expect(rows().map((row) => row.getAttribute("data-transaction"))).toEqual(["recent-in", "march-out", "cat-7", "cat-7-again"])

    const [received, sent] = rows()
    expect(received?.textContent).toContain(en.received)
    expect(received?.textContent).toContain("From 0xAbCd…Ef01")
    // 3 decimals, truncated (1.23456789 → 1.234), with the symbol.
    expect(received?.querySelector("[data-amount]")?.textContent).toBe("1.234 USDC")
    expect(received?.querySelector("time")?.textContent).toBe("5 min. ago")
    expect(sent?.textContent).toContain(en.sent)
    expect(sent?.textContent).toContain("To 0xAbCd…Ef01")
    expect(sent?.querySelector("[data-amount]")?.textContent).toBe("0.500 ETH")
    await expectNoAxeViolations()

    const more = await until(() => button(en.loadMore))
    more.click()
    await until(() => rows().length === 6 || (panel()?.textContent?.includes(en.failedToFetchTransactions) ?? false))
    expect(panel()?.textContent).not.toContain(en.failedToFetchTransactions)
    expect(history.requests.map((request) => request.cursor)).toEqual([undefined, "20"])
    expect(headings()).toEqual([currentMonth, "March 2025", "December 2024"])
    expect(rows().slice(4).map((row) => row.querySelector("[data-amount]")?.textContent)).toEqual(["42.999 USDC", "Portico Dogs #3"])
    // The last page has no cursor: no more button.
    expect(button(en.loadMore)).toBeUndefined()
    await shoot("Account-activity-component")
  })

  it("names the months in the configured locale", async () => {
    history.serve({ "": { next: null, data: [firstPage.data[3] as HistoryPage["data"][number]] } })
    await openAccountTab(de.activity, "de")
    await until(() => rows().length === 1)
    expect(headings()).toEqual(["März 2025"])
    expect(rows()[0]?.textContent).toContain(de.sent)
  })

  it("shows an approval as the token's allowance to its spender", async () => {
    history.serve({ "": approvals })
    await openAccountTab(en.activity)
    await until(() => rows().length === 2)
    const [unlimited, bounded] = rows()
    expect(unlimited?.getAttribute("data-direction")).toBe("approve")
    expect(unlimited?.querySelector("strong")?.textContent).toBe(en.approved)
    expect(unlimited?.textContent).toContain("Spender 0x1234…7890")
    expect(unlimited?.querySelector("[data-amount]")?.textContent).toBe("Unlimited USDC")
    expect(bounded?.querySelector("[data-amount]")?.textContent).toBe("250.500 USDC")
    expect(unlimited?.textContent).not.toContain(en.sent)
    await expectNoAxeViolations()
  })

  it("says an approval in the configured locale", async () => {
    history.serve({ "": approvals })
    await openAccountTab(de.activity, "de")
    await until(() => rows().length === 2)
    expect(rows()[0]?.querySelector("strong")?.textContent).toBe(de.approved)
    expect(rows()[0]?.querySelector("[data-amount]")?.textContent).toBe("USDC unbegrenzt")
  })

  it("shows the empty state when the history has no entries", async () => {
    history.serve({ "": { next: null, data: [] } })
    await openAccountTab(en.activity)
    await until(() => panel()?.textContent?.includes(en.noActivity))
    expect(button(en.loadMore)).toBeUndefined()
  })

  it("marks the list empty with 'Failed to fetch transactions' when the API fails", async () => {
    history.serve("fail")
    await openAccountTab(en.activity)
    const alert = await until(() => panel()?.querySelector("[role='alert']"), 15_000)
    expect(alert.textContent).toBe(en.failedToFetchTransactions)
    expect(rows()).toEqual([])
  })
})

describe("Account → Activity, right to left", () => {
  it.each([
    { locale: "en", tab: en.activity, points: "right" },
    { locale: "he", tab: he.activity, points: "left" }
  ] as const)("$locale: a trade's second leg starts with its arrow, pointing $points at the amount", async ({ locale, tab, points }) => {
    history.serve({ "": trade })
    await openAccountTab(tab, locale)
    await until(() => rows().length === 1)
    const leg = rows()[0]?.querySelector<HTMLElement>(".leg")
    const arrow = leg?.querySelector<HTMLElement>(".flip")
    const amount = leg?.querySelector("bdi")
    if (arrow === undefined || arrow === null || amount === undefined || amount === null) throw new Error("No second leg")
    expect(amount.textContent).toContain("USDC")
    const [arrowBox, amountBox] = [arrow.getBoundingClientRect(), amount.getBoundingClientRect()]
    const transform = getComputedStyle(arrow).transform
    const scaleX = transform === "none" ? 1 : new DOMMatrixReadOnly(transform).a
    // "→" is drawn pointing right: it stays so before a left-to-right amount and is mirrored before a right-to-left one.
    if (points === "right") {
      expect(arrowBox.right).toBeLessThanOrEqual(amountBox.left + 1)
      expect(scaleX).toBe(1)
    } else {
      expect(arrowBox.left).toBeGreaterThanOrEqual(amountBox.right - 1)
      expect(scaleX).toBe(-1)
    }
    await expectNoAxeViolations()
  })
})

describe("Account → NFTs", () => {
  it("shows every non-spam NFT the history holds, each once, with name, collection and a monogram, without a Load more", async () => {
    history.serve({ "": firstPage, "20": secondPage })
    await openAccountTab(en.nfts)
    const grid = await until(() => panel()?.querySelector("[data-nft]") !== null && panel())
    const names = () => [...grid.querySelectorAll("[data-nft] .nft-name")].map((name) => name.textContent)
    // Both pages load by themselves: the NFT of the second page shows without a click.
    await until(() => names().length === 2)
    expect(names()).toEqual(["Portico Cats #7", "Portico Dogs #3"])
    expect(history.requests.map((request) => request.cursor ?? "")).toEqual(["", "20"])
    expect(button(en.loadMore)).toBeUndefined()
    expect(grid.querySelector("[data-nft]")?.textContent).toContain("Portico Cats")
    expect(grid.querySelector(".monogram")?.textContent).toBe("P")
    expect(grid.querySelector("img")).toBeNull()
    expect(grid.textContent).not.toContain("Free Mint")
    await expectNoAxeViolations()
    await shoot("Account-nfts-component")
  })

  it("shows a safe image as <img>, a monogram otherwise, and leaves out the tokens sent away", async () => {
    const contract = "eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3"
    const svg = `data:image/svg+xml;base64,${btoa("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'><rect width='8' height='8' fill='teal'/></svg>")}`
    const nft = (tokenId: string, imageUrl: string) =>
      ({ name: `Portico Cats #${tokenId}`, flags: { is_spam: false }, contract, tokenId, collection: "Portico Cats", imageUrl })
    const one = { decimals: "0", numeric: "1" }
    history.serve({
      "": {
        next: null,
        data: [
          { id: "sent-3", minedAt: "2025-03-03T12:00:00.000Z", transfers: [{ direction: "out", quantity: one, nft_info: nft("3", svg) }] },
          { id: "got-1", minedAt: "2025-03-02T12:00:00.000Z", transfers: [{ direction: "in", quantity: one, nft_info: nft("1", svg) }] },
          { id: "got-2", minedAt: "2025-03-01T12:00:00.000Z", transfers: [{ direction: "in", quantity: one, nft_info: nft("2", "javascript:alert(1)") }] },
          { id: "got-3", minedAt: "2025-02-01T12:00:00.000Z", transfers: [{ direction: "in", quantity: one, nft_info: nft("3", svg) }] }
        ]
      }
    })
    await openAccountTab(en.nfts)
    const grid = await until(() => panel()?.querySelector("[data-nft]") !== null && panel())
    const tiles = [...grid.querySelectorAll<HTMLElement>("[data-nft]")]
    expect(tiles.map((tile) => tile.querySelector(".nft-name")?.textContent)).toEqual(["Portico Cats #1", "Portico Cats #2"])
    expect(tiles[0]?.querySelector("img")?.getAttribute("src")).toBe(svg)
    expect(tiles[0]?.querySelector(".monogram")).toBeNull()
    expect(tiles[1]?.querySelector("img")).toBeNull()
    expect(tiles[1]?.querySelector(".monogram")?.textContent).toBe("P")
    expect([...grid.querySelectorAll("[src]")].map((element) => element.getAttribute("src"))).toEqual([svg])
    await expectNoAxeViolations()
  })

  it("shows the empty state when the history holds no NFT", async () => {
    history.serve({ "": { next: null, data: [firstPage.data[0] as HistoryPage["data"][number]] } })
    await openAccountTab(en.nfts)
    await until(() => panel()?.textContent?.includes(en.noNfts))
    expect(panel()?.querySelector("[data-nft]")).toBeNull()
  })
})
