/**
 * The Account view fetches a feature view's chunk on the visitor's intent for it (pointer over, focus on
 * its button), one view at a time: opening the Account view fetches none of them (issue 30).
 */
import { afterEach, expect, it } from "vitest"
import { userEvent } from "vitest/browser"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { connectTestWallet, openModal, renderPortico, until, view } from "../support/render.tsx"

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

it("opens the Account view without any feature view's chunk, and fetches Send's alone when the visitor heads for Send", async () => {
  wallet = announceTestWallet()
  await renderPortico()
  await connectTestWallet(wallet)
  await openModal()
  const account = await view("Account")
  const send = await until(() => account.querySelector<HTMLButtonElement>("[data-feature='Send']"))
  // The Account view's own modules were seen, so the observer works; no feature view's was.
  expect(fetched("/Account/Account.tsx") || fetched("/ModalRoot.tsx")).toBe(true)
  expect(["/Send/Send.tsx", "/Swap/Swap.tsx", "/Buy/Buy.tsx", "/Receive/Receive.tsx"].filter(fetched)).toEqual([])
  await userEvent.hover(send)
  await until(() => fetched("/Send/Send.tsx"))
  expect(["/Swap/Swap.tsx", "/Buy/Buy.tsx", "/Receive/Receive.tsx"].filter(fetched)).toEqual([])
})
