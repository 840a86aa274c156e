/**
 * Clicking a decisive button of the embedded wallet's panel as a visitor does (frame/app/Arming.ts): the
 * pointer rests on it until the panel says the pointer is steady, then the click. A click that comes at
 * once, as Playwright's own does, is one the panel rightly ignores (and Chromium drops a click on such a
 * panel that lands just after the page scrolled it).
 */
import type { FrameLocator, Locator } from "playwright-core"
import { expect } from "vitest"

const steadyTimeout = { timeout: 20_000 }

export const steadyClick = async (panel: FrameLocator, control: Locator): Promise<void> => {
  // The whole panel in view: a panel cut off by the page's edge is, rightly, not armed.
  await panel.owner().scrollIntoViewIfNeeded()
  await control.hover()
  await expect.poll(() => panel.locator("html").getAttribute("data-pointer-steady"), steadyTimeout).toBe("true")
  await control.click()
}
