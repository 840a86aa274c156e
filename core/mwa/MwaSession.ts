/**
 * One Mobile Wallet Adapter session: reach the wallet app's local socket on the spec's retry schedule,
 * establish the session key (Handshake.ts), then JSON-RPC calls one at a time over sealed frames
 * (Frames.ts). Every inbound message is checked; any breach closes the socket and fails with a typed
 * error. Time is Effect's Clock, so tests drive the 30 s and 10 s waits with TestClock.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Association from "./Association.ts"
import * as Frames from "./Frames.ts"
import * as Handshake from "./Handshake.ts"
import { MwaProtocolError, MwaWalletError, WalletAppNotAnsweredError } from "./MwaErrors.ts"
import * as MwaRpc from "./MwaRpc.ts"

/** Delays between attempts to reach the wallet app's socket while it starts; the last one repeats. */
export const retryDelaysMillis: ReadonlyArray<number> = [150, 150, 200, 500, 500, 750, 750, 1000]
/** The spec's minimum wait for the local socket before the visitor is told no wallet answered. */
export const answerWaitMillis = 30_000
/** The spec's minimum wait for HELLO_RSP once HELLO_REQ is sent. */
export const helloWaitMillis = 10_000

/** An open socket to the wallet app, in whole messages; `receive` fails with reason "closed" once it closed. */
export interface Link {
  readonly send: (message: Uint8Array) => void
  readonly receive: Effect.Effect<Uint8Array, MwaProtocolError>
  readonly close: () => void
}

/** Opens a socket at the URL: the link, or undefined when nothing listens there (yet). */
export type Dial = (url: string) => Effect.Effect<Link | undefined>

export interface Session {
  readonly request: <S extends Schema.Top & { readonly DecodingServices: never }>(
    method: string,
    params: unknown,
    result: S
  ) => Effect.Effect<S["Type"], MwaProtocolError | MwaWalletError>
}

/** Dials until the wallet app listens, waiting the retry schedule between tries, for at least 30 s. */
export const reach = (port: number, dial: Dial): Effect.Effect<Link, WalletAppNotAnsweredError> =>
  Effect.gen(function*() {
    const started = yield* Clock.currentTimeMillis
    for (let attempt = 0;; attempt++) {
      const link = yield* dial(Association.socketUrl(port))
      if (link !== undefined) return link
      const now = yield* Clock.currentTimeMillis
      if (now - started >= answerWaitMillis) {
        return yield* new WalletAppNotAnsweredError({ message: "No wallet app answered on this phone" })
      }
      yield* Effect.sleep(retryDelaysMillis[Math.min(attempt, retryDelaysMillis.length - 1)] ?? 1000)
    }
  })

const textDecoder = new TextDecoder("utf-8", { fatal: true })
const textEncoder = new TextEncoder()

/** Fails with the protocol error after closing the link: the spec discards the keys and closes. */
const breach = (link: Link, reason: MwaProtocolError["reason"], message: string) =>
  Effect.suspend(() => {
    link.close()
    return Effect.fail(new MwaProtocolError({ reason, message }))
  })

const utf8 = (bytes: Uint8Array): string | undefined => {
  try {
    return textDecoder.decode(bytes)
  } catch {
    return undefined
  }
}

/** Opens one frame on the channel, or closes the link for a frame out of sequence or failing its tag. */
const openFrame = (link: Link, channel: Frames.Channel, frame: Uint8Array) => {
  const opened = channel.open(frame)
  if (Result.isSuccess(opened)) return Effect.succeed(opened.success)
  return opened.failure === "sequence"
    ? breach(link, "sequence", "The wallet sent a message out of sequence")
    : breach(link, "tag", "The wallet sent a message that does not authenticate")
}

/** HELLO_REQ out, HELLO_RSP in (within 10 s), the key derived and the wallet's session properties checked. */
export const establish = (association: Association.Association, link: Link): Effect.Effect<Session, MwaProtocolError> =>
  Effect.gen(function*() {
    const keys = Handshake.ecdhKeys()
    link.send(Handshake.helloRequest(association.privateKey, keys))
    const answer = yield* link.receive.pipe(
      Effect.timeoutOrElse({ duration: helloWaitMillis, orElse: () => breach(link, "timeout", "The wallet did not answer the handshake") })
    )
    const hello = Handshake.readHelloResponse(answer)
    if (hello === undefined) return yield* breach(link, "handshake", "The wallet's handshake carries no valid key")
    const channel = Frames.channel(Handshake.sessionKey(keys.privateKey, hello.walletPoint, association.publicKey))
    // The URI named a version, so the wallet must seal the one it chose into its answer.
    const sealed = yield* openFrame(link, channel, hello.properties)
    const properties = Option.getOrUndefined(MwaRpc.decodeSessionProperties(utf8(sealed)))
    if (properties === undefined || !MwaRpc.isSpokenVersion(properties.v)) {
      return yield* breach(link, "handshake", "The wallet chose a protocol version Portico does not speak")
    }
    return sessionOver(link, channel)
  })

const sessionOver = (link: Link, channel: Frames.Channel): Session => {
  let lastId = 0
  return {
    request: (method, params, result) =>
      Effect.gen(function*() {
        lastId += 1
        const id = lastId
        link.send(channel.seal(textEncoder.encode(MwaRpc.requestText(id, method, params))))
        const plaintext = yield* openFrame(link, channel, yield* link.receive)
        const response = Option.getOrUndefined(MwaRpc.decodeResponse(utf8(plaintext)))
        if (response === undefined || response.id !== id) return yield* breach(link, "message", `The wallet's answer to ${method} is not a JSON-RPC answer to it`)
        if ("error" in response) return yield* new MwaWalletError({ code: response.error.code, message: response.error.message })
        const decoded = Schema.decodeUnknownOption(result)(response.result)
        if (Option.isNone(decoded)) return yield* breach(link, "message", `The wallet answered ${method} with a malformed result`)
        return decoded.value
      })
  }
}

/** Reaches the wallet, establishes a session, runs `use` in it and closes the socket whatever happens. */
export const transact = <A, E>(
  association: Association.Association,
  dial: Dial,
  use: (session: Session) => Effect.Effect<A, E>
): Effect.Effect<A, E | WalletAppNotAnsweredError | MwaProtocolError> =>
  Effect.acquireUseRelease(
    reach(association.port, dial),
    (link) => Effect.flatMap(establish(association, link), use),
    (link) => Effect.sync(() => link.close())
  )
