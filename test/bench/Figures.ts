/** What both benches (run.ts, viteHost.ts) print their figures with. */
import type { Page } from "playwright-core"

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`

/** A figure against its budget (issue 30's targets), as the bench prints it: `(target ≤ 40 KiB: met)`. */
export const against = (value: number, target: number, shown: string) => `(target ≤ ${shown}: ${value <= target ? "met" : "NOT met"})`

export const median = (values: ReadonlyArray<number>): number => {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle] ?? 0 : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The page's JS heap after a forced garbage collection. */
export const heapUsed = async (page: Page): Promise<number> => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("HeapProfiler.collectGarbage")
  const { usedSize } = await cdp.send("Runtime.getHeapUsage")
  await cdp.detach()
  return usedSize
}

/**
 * From the click event inside the modal to its QR code carrying a `wc:` URI, timed in the page (Playwright's
 * own checks before it clicks are not the visitor's wait). `click` clicks the WalletConnect entry.
 */
export const timeClickToQr = async (page: Page, click: () => Promise<void>): Promise<number> => {
  await page.evaluate(() => {
    const marks = { click: -1, qr: -1 }
    Object.assign(globalThis, { __wc: marks })
    const root = document.querySelector("portico-modal")?.shadowRoot
    root?.addEventListener("click", () => {
      marks.click = performance.now()
      const watch = () => {
        if (root.querySelector("[data-wc-uri^='wc:']") !== null) marks.qr = performance.now()
        else requestAnimationFrame(watch)
      }
      requestAnimationFrame(watch)
    }, { capture: true, once: true })
  })
  await click()
  await page.waitForFunction(() => (globalThis as unknown as { __wc: { qr: number } }).__wc.qr >= 0, undefined, { timeout: 30_000 })
  const marks = await page.evaluate(() => (globalThis as unknown as { __wc: { click: number; qr: number } }).__wc)
  return marks.qr - marks.click
}

/**
 * Waits as a visitor's pointer does between pointing and clicking: until what the page fetched has
 * arrived (no request in flight for 300 ms) and the page is idle. Playwright's `networkidle` state was
 * reached at load and does not wait again, so a click after it raced the prefetch the hover started.
 */
export const settle = async (page: Page): Promise<void> => {
  const network = { inFlight: 0, changedAt: performance.now() }
  const started = () => {
    network.inFlight++
    network.changedAt = performance.now()
  }
  const ended = () => {
    network.inFlight--
    network.changedAt = performance.now()
  }
  const quiet = () => network.inFlight === 0 && performance.now() - network.changedAt >= 300
  page.on("request", started)
  page.on("requestfinished", ended)
  page.on("requestfailed", ended)
  // The intent's handler runs in the page before its first request: give it that turn.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
  while (!quiet()) await new Promise((resolve) => setTimeout(resolve, 50))
  page.off("request", started)
  page.off("requestfinished", ended)
  page.off("requestfailed", ended)
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
}
