/**
 * The default sign-in provider: Portico's server issues the nonce, verifies the signed message for
 * this page and keeps the session; the page keeps its sessions under the siwx tokens key (spec §3) so a
 * reload finds them, and asks the server whether each is still valid (revoked, expired) before using it.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { sha256, stringToBytes } from "viem"
import { Backend, type BackendError } from "../Backend.ts"
import * as Caip from "../Caip.ts"
import type { SignInSession } from "../SignInSession.ts"
import * as Storage from "../Storage.ts"
import * as StorageKey from "../StorageKey.ts"
import * as SignInMessage from "./SignInMessage.ts"
import { SignInProvider, SignInProviderError } from "./SignInProvider.ts"
import type { SignInAccount } from "./SignInState.ts"

/** The server names a session by the SHA-256 of its signature. */
export const sessionId = (session: SignInSession): string => sha256(stringToBytes(session.signature)).slice(2)

/** A session signs in its address on every network of its namespace (core/features/SignIn.ts). */
const sameAccount = (session: SignInSession, account: SignInAccount): boolean =>
  Caip.namespaceOf(session.data.chainId) === Caip.namespaceOf(account.chainId) &&
  (account.chainId.startsWith("eip155:")
    ? session.data.accountAddress.toLowerCase() === account.address.toLowerCase()
    : session.data.accountAddress === account.address)

const providerError = (error: BackendError | Storage.StorageWriteError) => new SignInProviderError({ message: error.message, cause: error })

export const layer = (settings: SignInMessage.MessageSettings): Layer.Layer<SignInProvider, never, Backend | Storage.Storage> =>
  Layer.effect(
    SignInProvider,
    Effect.gen(function*() {
      const backend = yield* Backend
      const storage = yield* Storage.Storage
      const stored = storage.get(StorageKey.siwxSessions)
      const store = (sessions: ReadonlyArray<SignInSession>) => Effect.mapError(storage.set(StorageKey.siwxSessions, sessions), providerError)

      return SignInProvider.of({
        createMessage: (account) =>
          Effect.gen(function*() {
            const nonce = yield* Effect.mapError(backend.signInNonce(), providerError)
            return SignInMessage.create(settings, account, nonce, yield* Clock.currentTimeMillis)
          }),
        createTemplate: (chainId) =>
          Effect.gen(function*() {
            // Our server's nonces are for any address: the wallet may name its account afterwards.
            const nonce = yield* Effect.mapError(backend.signInNonce(), providerError)
            return SignInMessage.template(settings, chainId, nonce, yield* Clock.currentTimeMillis)
          }),
        addSession: (session) =>
          Effect.gen(function*() {
            yield* backend.addSignInSession({ message: session.message, signature: session.signature }).pipe(
              Effect.mapError((error) => error._tag === "SignInRefusedError" ? error : providerError(error))
            )
            yield* store([...(yield* stored).filter((other) => other.signature !== session.signature), session])
          }),
        getSessions: (account) =>
          Effect.gen(function*() {
            const now = yield* Clock.currentTimeMillis
            const mine = (yield* stored).filter((session) => sameAccount(session, account))
            const valid: Array<SignInSession> = []
            for (const session of mine) {
              const expiry = session.data.expirationTime === undefined ? Number.POSITIVE_INFINITY : Date.parse(session.data.expirationTime)
              if (!(expiry > now)) continue
              const record = yield* Effect.mapError(backend.signInSession(sessionId(session)), providerError)
              if (record !== undefined) valid.push(session)
            }
            // Sessions the server no longer holds (revoked, expired) are forgotten here too.
            if (valid.length !== mine.length) {
              yield* store([...(yield* stored).filter((session) => !sameAccount(session, account)), ...valid])
            }
            return valid
          }),
        setSessions: (sessions) =>
          Effect.gen(function*() {
            const kept = new Set(sessions.map((session) => session.signature))
            const dropped = (yield* stored).filter((session) => !kept.has(session.signature))
            // The page forgets first: even when the server cannot be told, this browser is signed out.
            yield* store(sessions)
            for (const session of dropped) yield* Effect.mapError(backend.revokeSignInSession(sessionId(session)), providerError)
          })
      })
    })
  )
