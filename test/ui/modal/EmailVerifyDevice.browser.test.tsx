/**
 * The device check's view (a known visitor on a new device approves it from a mailed link): its resend
 * button offers the link again, never a "code", counting down the 30 s between two mails. Rendered alone,
 * over an engine holding only what the view reads (the login step and the clock).
 */
import * as Atom from "effect/reactivity/Atom"
import * as AtomRegistry from "effect/reactivity/AtomRegistry"
import { afterEach, describe, expect, it } from "vitest"
import { render } from "vitest-browser-react"
import type { Engine } from "../../../app/Engine.ts"
import type * as Login from "../../../core/embedded/Login.ts"
import * as Locale from "../../../core/Locale.ts"
import { en } from "../../../ui/i18n/en.ts"
import de from "../../../ui/i18n/locales/de.ts"
import type { Messages } from "../../../ui/i18n/en.ts"
import { translator } from "../../../ui/i18n/Messages.ts"
import { EmailVerifyDevice } from "../../../ui/modal/EmailLogin/EmailVerifyDevice.tsx"
import { ModalContext } from "../../../ui/modal/ModalContext.ts"

const registry = AtomRegistry.make()
afterEach(() => document.body.replaceChildren())

const renderAt = async (locale: Locale.Locale, messages: Messages, now: number) => {
  const login = Atom.make<Login.LoginState>({ step: { _tag: "Device", email: "ada@example.test", sentAt: 0 }, problem: undefined })
  const engine = { atoms: { login }, now: () => now, resendEmailCode: () => Promise.resolve() } as unknown as Engine
  return render(
    <ModalContext.Provider value={{ engine, registry, locale, t: translator(locale, messages) }}>
      <EmailVerifyDevice />
    </ModalContext.Provider>
  )
}

describe("EmailVerifyDevice", () => {
  it("offers to resend the link, not a code, in the page's language", async () => {
    const waiting = await renderAt("en", en, 12_000)
    expect(waiting.container.querySelector("[data-resend-code]")?.textContent).toBe("Resend link in 18 seconds")
    waiting.unmount()
    const ready = await renderAt("de", de, 31_000)
    expect(ready.container.querySelector("[data-resend-code]")?.textContent).toBe(de.resendLink)
  })
})
