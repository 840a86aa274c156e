/**
 * The legal checkbox (spec §9, a feature off by default): a host that turns it on names its terms of service
 * and privacy policy, and no way of connecting can be used until the visitor agrees. Which links are taken is
 * `LegalLinks`'s rule; a host asking for the checkbox without them gets no modal at all rather than a gate
 * nobody can read.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Config from "./Config.ts"
import { fixed } from "./FixedMessage.ts"
import { HostConfig } from "./HostConfig.ts"
import * as LegalLinks from "./LegalLinks.ts"

/** The checkbox's links when the host turned it on (none when off); refused when either is missing or not allowed. */
export const linksOf = (config: Config.ResolvedConfig): Effect.Effect<LegalLinks.LegalLinks | undefined, InvalidLegalLinksError> => {
  const links = LegalLinks.hostLinks(config)
  return links === "invalid"
    ? Effect.fail(new InvalidLegalLinksError({ termsConditionsUrl: config.termsConditionsUrl ?? "", privacyPolicyUrl: config.privacyPolicyUrl ?? "" }))
    : Effect.succeed(links)
}

export class LegalConsent extends Context.Service<LegalConsent, {
  /** The host's pages; undefined: the checkbox is off and nothing waits. */
  readonly links: LegalLinks.LegalLinks | undefined
  /** The visitor ticked the box (for as long as the page lives: a new visit asks again). */
  readonly agreed: SubscriptionRef.SubscriptionRef<boolean>
  /** Passes when nothing waits for the agreement, else fails: every way of connecting asks it first. */
  readonly check: Effect.Effect<void, LegalConsentRequiredError>
}>()("portico/core/LegalConsent") {
  static readonly layer: Layer.Layer<LegalConsent, InvalidLegalLinksError, HostConfig> = Layer.effect(
    LegalConsent,
    Effect.gen(function*() {
      const links = yield* linksOf(yield* HostConfig)
      const agreed = yield* SubscriptionRef.make(false)
      return LegalConsent.of({
        links,
        agreed,
        check: Effect.flatMap(SubscriptionRef.get(agreed), (yes) => LegalLinks.blocks(links, yes) ? Effect.fail(new LegalConsentRequiredError()) : Effect.void)
      })
    })
  )
}

/** The host turned the legal checkbox on without an https (or local) link to both of its pages. */
export class InvalidLegalLinksError extends Schema.TaggedError<InvalidLegalLinksError>()("InvalidLegalLinksError", {
  message: fixed("The legal checkbox needs https links to the terms of service and the privacy policy"),
  termsConditionsUrl: Schema.String,
  privacyPolicyUrl: Schema.String
}) {}

/** A way of connecting was used before the visitor agreed to the host's terms. */
export class LegalConsentRequiredError extends Schema.TaggedError<LegalConsentRequiredError>()("LegalConsentRequiredError", {
  message: fixed("Agree to the Terms of Service and Privacy Policy to connect")
}) {}
