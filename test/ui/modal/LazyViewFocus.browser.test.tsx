/**
 * A view whose chunk was not fetched ahead (the host opens the modal straight on it) still starts with
 * focus on its first control once its chunk arrives, and has no axe violations: the dialog puts focus on
 * its header while the view loads, and the view takes it when it shows (ui/modal/LazyView.tsx).
 */
import { afterEach, expect, it } from "vitest"
import { expectNoAxeViolations } from "../support/axe.ts"
import { installFakeRegistry } from "../support/FakeRegistry.ts"
import { host, renderPortico, shadow, until, view } from "../support/render.tsx"

const registry = installFakeRegistry()
afterEach(() => registry.restore())

it("opens on AllWallets, its chunk fetched at the open, with focus on its search field", async () => {
  await renderPortico({ apiUrl: "https://api.invalid" })
  const modal = await until(() => host.modal)
  void modal.open({ view: "AllWallets" })
  await view("AllWallets")
  const search = await until(() => shadow().querySelector<HTMLInputElement>("input[type='search']"), 30_000)
  await until(() => shadow().activeElement === search)
  await expectNoAxeViolations()
  expect(shadow().activeElement).toBe(search)
})
