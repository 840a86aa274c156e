/**
 * The legal checkbox (spec §9, a feature off by default): a host that turns it on names its terms of service
 * and privacy policy, and no way of connecting can be used until the visitor agrees. The links are the host's
 * and open the host's pages, so only https ones (or a local page's own machine) are taken; a host asking for
 * the checkbox without them gets no modal at all rather than a gate nobody can read.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Config from "./Config.ts"
import { fixed } from "./FixedMessage.ts"
import { HostConfig } from "./HostConfig.ts"

export interface LegalLinks {
  readonly termsConditionsUrl: string
  readonly privacyPolicyUrl: string
}

const localHosts: ReadonlyArray<string> = ["localhost", "127.0.0.1", "[::1]"]

/** An address the host's legal pages may have: https, or http on this machine (a site under development). */
export const isAllowedLink = (text: string): boolean => {
  try {
    const url = new URL(text)
    return url.protocol === "https:" || (url.protocol === "http:" && localHosts.includes(url.hostname))
  } catch {
    return false
  }
}

/** The checkbox's links when the host turned it on (none when off); refused when either is missing or not allowed. */
export const linksOf = (config: Config.ResolvedConfig): Effect.Effect<LegalLinks | undefined, InvalidLegalLinksError> => {
  if (config.resolvedFeatures.legalCheckbox !== true) return Effect.succeed(undefined)
  const { termsConditionsUrl, privacyPolicyUrl } = config
  return termsConditionsUrl !== undefined && privacyPolicyUrl !== undefined && isAllowedLink(termsConditionsUrl) && isAllowedLink(privacyPolicyUrl)
    ? Effect.succeed({ termsConditionsUrl, privacyPolicyUrl })
    : Effect.fail(new InvalidLegalLinksError({ termsConditionsUrl: termsConditionsUrl ?? "", privacyPolicyUrl: privacyPolicyUrl ?? "" }))
}

/** Whether the ways of connecting wait for the visitor's agreement. */
export const blocks = (links: LegalLinks | undefined, agreed: boolean): boolean => links !== undefined && !agreed

export class LegalConsent extends Context.Service<LegalConsent, {
  /** The host's pages; undefined: the checkbox is off and nothing waits. */
  readonly links: LegalLinks | undefined
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
        check: Effect.flatMap(SubscriptionRef.get(agreed), (yes) => blocks(links, yes) ? Effect.fail(new LegalConsentRequiredError()) : Effect.void)
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
