/**
 * The sign-in provider a page gets: the host's own backend when it configured one (its promises
 * adapted, every rejection a `SignInProviderError` or, from addSession, a `SignInRefusedError`), else
 * Portico's server. Messages name the page's own host and origin.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import type * as Backend from "../core/Backend.ts"
import type * as Config from "../core/Config.ts"
import * as ServerSignInProvider from "../core/signin/ServerSignInProvider.ts"
import * as SignInConfig from "../core/signin/SignInConfig.ts"
import * as SignInMessage from "../core/signin/SignInMessage.ts"
import { SignInProvider, SignInProviderError, SignInRefusedError } from "../core/signin/SignInProvider.ts"
import { SignInSession } from "../core/SignInSession.ts"
import type * as Storage from "../core/Storage.ts"

const decodeSessions = Schema.decodeUnknownEffect(Schema.Array(SignInSession))

const messageOf = (cause: unknown, fallback: string) => cause instanceof Error && cause.message !== "" ? cause.message : fallback

/** The failed check a backend names, as `portico/server`'s verifier does (`SignInRejectedError.reason`): an expired session is told apart. */
const reasonOf = (cause: unknown): { readonly reason?: string } =>
  Predicate.hasProperty(cause, "reason") && typeof cause.reason === "string" ? { reason: cause.reason } : {}

const nonceError = (cause: unknown) => new SignInProviderError({ message: messageOf(cause, "The sign-in backend gave no nonce"), cause })

const fromBackend = (backend: Config.SignInBackend, settings: SignInMessage.MessageSettings) => {
  const { getConnectNonce } = backend
  return SignInProvider.of({
    createMessage: (account) =>
      Effect.gen(function*() {
        const nonce = yield* Effect.tryPromise({
          try: () => backend.getNonce(account),
          catch: nonceError
        })
        return SignInMessage.create(settings, account, nonce, yield* Clock.currentTimeMillis)
      }),
    ...(getConnectNonce === undefined ? {} : {
      createTemplate: (chainId) =>
        Effect.gen(function*() {
          const nonce = yield* Effect.tryPromise({ try: () => getConnectNonce({ chainId }), catch: nonceError })
          return SignInMessage.template(settings, chainId, nonce, yield* Clock.currentTimeMillis)
        })
    }),
    addSession: (session) =>
      Effect.tryPromise({
        try: () => backend.addSession(session),
        catch: (cause) => new SignInRefusedError({ message: messageOf(cause, "The sign-in backend refused the session"), ...reasonOf(cause) })
      }),
    getSessions: (account) =>
      Effect.tryPromise({
        try: () => backend.getSessions(account),
        catch: (cause) => new SignInProviderError({ message: messageOf(cause, "The sign-in backend could not list sessions"), cause })
      }).pipe(
        // What the host's backend answers is checked like any other outside value.
        Effect.flatMap((sessions) =>
          Effect.mapError(decodeSessions(sessions), (cause) => new SignInProviderError({ message: "The sign-in backend answered sessions of another shape", cause }))
        )
      ),
    setSessions: (sessions) =>
      Effect.tryPromise({
        try: () => backend.setSessions(sessions),
        catch: (cause) => new SignInProviderError({ message: messageOf(cause, "The sign-in backend could not replace sessions"), cause })
      })
  })
}

export const layer = (config: Config.ResolvedConfig): Layer.Layer<SignInProvider, never, Backend.Backend | Storage.Storage> => {
  const options = SignInConfig.optionsOf(config)
  const settings: SignInMessage.MessageSettings = {
    domain: globalThis.location?.host ?? "",
    uri: globalThis.location?.origin ?? "",
    expiresInMillis: (options?.expiresInSeconds ?? SignInConfig.defaultExpiresInSeconds) * 1000,
    ...(options?.statement === undefined ? {} : { statement: options.statement })
  }
  return options?.backend === undefined ? ServerSignInProvider.layer(settings) : Layer.succeed(SignInProvider, fromBackend(options.backend, settings))
}
