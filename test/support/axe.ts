/**
 * Zero axe-core violations in Portico's modal, from a Playwright page: axe walks the modal's open
 * shadow root; it is injected over CDP (page.evaluate), so the page's strict CSP stays strict.
 */
import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"
import { expect } from "vitest"

const axeSource = readFile(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

export const expectNoAxeViolations = async (page: Page) => {
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.evaluate(await axeSource)
  // Let the 150 ms view animation settle so colours are final.
  await page.waitForTimeout(250)
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (context: Element, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: Array<unknown> }> }> }> } }).axe
    const modal = document.querySelector("portico-modal")
    if (modal === null) return ["no modal"]
    const result = await axe.run(modal, { resultTypes: ["violations"] })
    return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(", ")}`)
  })
  expect(violations).toEqual([])
}
