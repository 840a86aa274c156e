/**
 * Where sign-in applies, read from the host's `siwx` (eip155 and solana) or its older `siweConfig`
 * (eip155 alone); a host setting both gets the spec's error when the engine is built.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Config from "../Config.ts"
import { fixed } from "../FixedMessage.ts"
import type { SignInScope } from "./SignInState.ts"

/** One day: how long a sign-in stays valid unless the host says otherwise. */
export const defaultExpiresInSeconds = 86_400

export const optionsOf = (config: Config.ResolvedConfig): Config.SignInOptions | undefined => config.siwx ?? config.siweConfig

export const scopeOf = (config: Config.ResolvedConfig): Effect.Effect<SignInScope, SignInConfigError> =>
  config.siwx !== undefined && config.siweConfig !== undefined
    ? Effect.fail(new SignInConfigError())
    : Effect.succeed({
      enabled: optionsOf(config) !== undefined,
      required: optionsOf(config)?.required === true,
      namespaces: config.siweConfig !== undefined ? ["eip155"] : ["eip155", "solana"],
      networkIds: config.networks.map((network) => network.caipNetworkId),
      view: config.siweConfig !== undefined ? "ConnectingSiwe" : "SIWXSignMessage"
    })

export class SignInConfigError extends Schema.TaggedError<SignInConfigError>()("SignInConfigError", {
  message: fixed("Cannot set both siweConfig and siwx options")
}) {}
