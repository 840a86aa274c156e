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
