/**
 * The legal checkbox's rules (core/LegalConsent.ts): off by default; on, both of the host's pages must be https
 * (or http on this machine) or the features do not start; and the engine itself refuses to connect before the
 * visitor agreed: a chosen wallet is not asked (the modal shakes), and it is once the box is ticked.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as SubscriptionRef from "effect/SubscriptionRef"
import * as fc from "fast-check"
import * as Config from "../../core/Config.ts"
import { ConnectAttempt } from "../../core/features/ConnectAttempt.ts"
import { Navigation } from "../../core/features/Navigation.ts"
import * as LegalConsent from "../../core/LegalConsent.ts"
import * as LegalLinks from "../../core/LegalLinks.ts"
import * as Modal from "../../core/Modal.ts"
import * as Session from "../../core/Session.ts"
import { features, hostConfig } from "./support/Environment.ts"
import { evmConnected, evmConnector, fake } from "./support/Wallets.ts"

const terms = "https://host.example/terms"
const privacy = "https://host.example/privacy"
const withLegal = (pages: Partial<Config.PorticoConfig>): Config.ResolvedConfig =>
  Config.resolve({ ...hostConfig, features: { legalCheckbox: true }, ...pages })

describe("LegalConsent", () => {
  it("takes https pages, and http ones only on this machine", () => {
    for (const url of ["https://host.example/terms", "http://localhost:5173/terms", "http://127.0.0.1/privacy", "http://[::1]:8080/"]) {
      assert.isTrue(LegalLinks.isAllowedLink(url), url)
    }
    for (const url of ["http://host.example/terms", "javascript:alert(1)", "data:text/html,hi", "//host.example/terms", "terms", "", "ftp://host.example/"]) {
      assert.isFalse(LegalLinks.isAllowedLink(url), url)
    }
    fc.assert(fc.property(fc.webUrl({ validSchemes: ["http"] }), (url) => LegalLinks.isAllowedLink(url) === ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname)))
  })

  it.effect("is off by default, and on needs both pages allowed", () =>
    Effect.gen(function*() {
      assert.isFalse(Config.defaultFeatures.legalCheckbox)
      assert.isUndefined(yield* LegalConsent.linksOf(Config.resolve({ ...hostConfig, termsConditionsUrl: terms, privacyPolicyUrl: privacy })))
      assert.deepStrictEqual(yield* LegalConsent.linksOf(withLegal({ termsConditionsUrl: terms, privacyPolicyUrl: privacy })), { termsConditionsUrl: terms, privacyPolicyUrl: privacy })
      for (const pages of [{}, { termsConditionsUrl: terms }, { termsConditionsUrl: terms, privacyPolicyUrl: "http://host.example/privacy" }]) {
        const refused = yield* Effect.flip(LegalConsent.linksOf(withLegal(pages)))
        assert.strictEqual(refused._tag, "InvalidLegalLinksError")
        assert.strictEqual(LegalLinks.hostLinks(withLegal(pages)), "invalid")
      }
      assert.isUndefined(LegalLinks.hostLinks(Config.resolve({ ...hostConfig, termsConditionsUrl: terms, privacyPolicyUrl: privacy })))
      assert.deepStrictEqual(LegalLinks.hostLinks(withLegal({ termsConditionsUrl: terms, privacyPolicyUrl: privacy })), { termsConditionsUrl: terms, privacyPolicyUrl: privacy })
      assert.isTrue(LegalLinks.blocks({ termsConditionsUrl: terms, privacyPolicyUrl: privacy }, false))
      assert.isFalse(LegalLinks.blocks({ termsConditionsUrl: terms, privacyPolicyUrl: privacy }, true))
      assert.isFalse(LegalLinks.blocks(undefined, false))
    }))

  it.effect("refused pages leave no features: the engine does not start", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(Layer.build(features({ config: { features: { legalCheckbox: true }, termsConditionsUrl: "http://host.example/terms", privacyPolicyUrl: privacy } })))
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(Exit.isFailure(exit) ? exit.cause : ""), "InvalidLegalLinksError")
    }).pipe(Effect.scoped))

  it.effect("nothing connects before the visitor agrees: the wallet is not asked and the modal shakes; agreed, it connects", () => {
    const wallet = fake(evmConnector, { connect: Effect.succeed(evmConnected) })
    return Effect.gen(function*() {
      const consent = yield* LegalConsent.LegalConsent
      const modal = yield* Modal.Modal
      const attempt = yield* ConnectAttempt
      yield* Effect.flatMap(Navigation, (navigation) => navigation.open())
      assert.strictEqual((yield* Effect.flip(consent.check))._tag, "LegalConsentRequiredError")
      yield* attempt.choose({ _tag: "Installed", connectorId: evmConnector.id })
      assert.notInclude(wallet.calls, "connect")
      const refused = yield* SubscriptionRef.get(modal.state)
      assert.isTrue(refused.shaking)
      assert.strictEqual(Modal.currentView(refused), "Connect")
      yield* SubscriptionRef.set(consent.agreed, true)
      yield* attempt.choose({ _tag: "Installed", connectorId: evmConnector.id })
      assert.include(wallet.calls, "connect")
      assert.strictEqual(Session.accounts(yield* SubscriptionRef.get((yield* Session.Session).state)).length, 1)
    }).pipe(Effect.provide(features({
      clients: [wallet.client],
      config: { features: { legalCheckbox: true }, termsConditionsUrl: terms, privacyPolicyUrl: privacy }
    })))
  })
})
