/**
 * AllWallets against a registry answered in the page (test/ui/support/FakeRegistry.ts): 40 per page
 * with infinite scroll, a virtualised list, installed then recommended first, the 300 ms search over
 * up to 100 entries, entries of other chains left out, and zero axe violations.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { userEvent } from "vitest/browser"
import { en } from "../../../ui/i18n/en.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { installFakeRegistry } from "../support/FakeRegistry.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, openModal, renderPortico, shadow, until, view } from "../support/render.tsx"

let registry: ReturnType<typeof installFakeRegistry>
let wallet: TestWallet

beforeAll(() => {
  registry = installFakeRegistry()
})
afterAll(() => registry.restore())
afterEach(() => {
  wallet?.stop()
  registry.requests.length = 0
})

const scroller = () => shadow().querySelector<HTMLElement>(".scroller")
const rowCount = () => Number(scroller()?.getAttribute("data-rows") ?? "0")
const renderedNames = () => [...(scroller()?.querySelectorAll("button") ?? [])].map((row) => row.textContent ?? "")

const openAllWallets = async () => {
  wallet = announceTestWallet()
  await renderPortico({ apiUrl: "https://api.invalid" })
  await openModal()
  await view("Connect")
  ;(await until(() => button(new RegExp(en.allWallets))))?.click()
  await view("AllWallets")
  await until(() => rowCount() > 0)
}

/** Types `text` into a React-controlled input the way a keyboard does: the value grows one character per input event. */
const typeInPage = (input: HTMLInputElement, text: string): void => {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set
  for (let end = 1; end <= text.length; end++) {
    setValue?.call(input, text.slice(0, end))
    input.dispatchEvent(new Event("input", { bubbles: true }))
  }
}

describe("AllWallets", () => {
  it("asks for 40 per page, renders only the rows in view, and loads the next page on scroll", async () => {
    await openAllWallets()
    // Our server's reads load with the first request (app/ServerReads.ts): the list's request follows them.
    expect(await until(() => registry.requests[0])).toMatchObject({ page: 1, entries: 40, search: undefined })
    await until(() => rowCount() >= 40)
    // Virtualised: far fewer buttons in the DOM than rows in the list.
    expect(renderedNames().length).toBeLessThan(rowCount())
    expect(renderedNames().length).toBeGreaterThan(3)
    const list = scroller()
    if (list === null) throw new Error("no scroller")
    list.scrollTop = list.scrollHeight
    list.dispatchEvent(new Event("scroll"))
    await until(() => registry.requests.some((request) => request.page === 2))
    await until(() => rowCount() >= 80)
    expect(renderedNames().some((name) => /Wallet 0[4-8]\d/.test(name))).toBe(true)
    // The search wait that started on opening ends without a term: the pages scrolled in stay.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(rowCount()).toBeGreaterThanOrEqual(80)
  })

  it("shows installed wallets first, then the 4 recommended, and leaves out other chains", async () => {
    await openAllWallets()
    await until(() => rowCount() >= 40)
    const names = renderedNames()
    expect(names[0]).toContain("Test Wallet")
    expect(names[0]).toContain(en.installed)
    expect(names.slice(1, 5).map((name) => name.replace(en.recommended, ""))).toEqual([
      "Wallet 010",
      "Wallet 020",
      "Wallet 030",
      "Wallet 040"
    ])
    expect(names.slice(1, 5).every((name) => name.includes(en.recommended))).toBe(true)
    expect(names.some((name) => name.includes("Elsewhere"))).toBe(false)
    await expectNoAxeViolations()
  })

  it("searches 300 ms after the last keystroke, over up to 100 entries", async () => {
    await openAllWallets()
    const input = await until(() => shadow().querySelector<HTMLInputElement>("input[type='search']"))
    registry.requests.length = 0
    await userEvent.click(input)
    // Type in the page itself, one input event per character: keystrokes sent through the runner's RPC can
    // arrive more than 300 ms apart on a loaded machine, which is a pause, not typing.
    const inputAt: Array<number> = []
    input.addEventListener("input", () => inputAt.push(performance.now()))
    typeInPage(input, "Wallet 12")
    const typedAt = inputAt[0] ?? 0
    const lastKeyAt = inputAt.at(-1) ?? 0
    expect(inputAt).toHaveLength("Wallet 12".length)
    await until(() => registry.requests.some((request) => request.search !== undefined), 3_000)
    const searches = registry.requests.filter((request) => request.search !== undefined)
    // One request, for the whole term: none for the partial words typed before the pause, no refetch.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(registry.requests.filter((request) => request.search !== undefined).map((request) => request.search)).toEqual(["Wallet 12"])
    expect(searches[0]?.entries).toBe(100)
    expect((searches[0]?.at ?? 0) - lastKeyAt).toBeGreaterThanOrEqual(250)
    expect(lastKeyAt - typedAt).toBeGreaterThan(0)
    await until(() => renderedNames().length === 10 && renderedNames().every((name) => name.includes("Wallet 12")))
  })

  it("a registry that was unreachable offers to try again, and recovers without a reload", async () => {
    registry.down(true)
    try {
      await openAllWallets()
      await until(() => shadow().querySelector("[role='alert']")?.textContent === en.walletListUnavailable)
      registry.down(false)
      button(en.tryAgain)?.click()
      await until(() => rowCount() > 1 && renderedNames().some((name) => name.includes("Wallet 001")))
      expect(shadow().querySelector("[role='alert']")).toBeNull()
    } finally {
      registry.down(false)
    }
  })
})
