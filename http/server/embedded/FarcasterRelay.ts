/**
 * Our server as an app of a Farcaster Auth relay (FIP-11): it opens a channel for a sign-in and reads the
 * channel's status. Only the server holds the channel token it polls with (the visitor's Farcaster client
 * gets it in the link); every answer is decoded here, and anything else is the relay being unavailable.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import * as UpstreamHttp from "../UpstreamHttp.ts"

const upstream = "The Farcaster Auth relay"

export const ChannelOpened = Schema.Struct({
  channelToken: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  url: Schema.String.check(Schema.isPattern(/^https?:\/\//), Schema.isMaxLength(4000)),
  nonce: Schema.String.check(Schema.isMaxLength(200))
})
export type ChannelOpened = typeof ChannelOpened.Type

const Text = (maxLength: number) => Schema.optionalKey(Schema.String.check(Schema.isMaxLength(maxLength)))

/** A channel's status: pending, or what the visitor's Farcaster client signed (the rest of the relay's answer is not read). */
export const ChannelStatus = Schema.Union([
  Schema.Struct({ state: Schema.Literal("pending") }),
  Schema.Struct({
    state: Schema.Literal("completed"),
    message: Schema.String.check(Schema.isMaxLength(4000)),
    signature: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{2,4000}$/)),
    fid: Schema.Int.check(Schema.isGreaterThan(0), Schema.isLessThanOrEqualTo(Number.MAX_SAFE_INTEGER)),
    username: Text(100),
    displayName: Text(200)
  })
])
export type ChannelStatus = typeof ChannelStatus.Type

export interface ChannelRequest {
  readonly siweUri: string
  readonly domain: string
  readonly nonce: string
  readonly expirationTime: string
}

export interface FarcasterRelay {
  readonly open: (request: ChannelRequest) => Effect.Effect<ChannelOpened, UpstreamUnavailable>
  /** undefined when the relay no longer knows the channel (expired). */
  readonly status: (channelToken: string) => Effect.Effect<ChannelStatus | undefined, UpstreamUnavailable>
}

export const make = (relayUrl: string): FarcasterRelay => {
  const base = relayUrl.replace(/\/+$/, "")
  return {
    open: (request) =>
      Effect.flatMap(UpstreamHttp.call(upstream, { method: "POST", url: `${base}/v1/channel`, body: request }), (answer) =>
        answer.status === 201 || answer.status === 200
          ? UpstreamHttp.decode(ChannelOpened, upstream, answer.body)
          : Effect.fail(UpstreamHttp.unavailable(upstream, `refused to open a channel (${answer.status})`))),
    status: (channelToken) =>
      Effect.flatMap(
        UpstreamHttp.call(upstream, { method: "GET", url: `${base}/v1/channel/status`, headers: { authorization: `Bearer ${channelToken}` } }),
        (answer) => {
          if (answer.status === 401 || answer.status === 404) return Effect.succeed(undefined)
          if (answer.status === 202) return Effect.succeed({ state: "pending" } as const)
          return answer.status === 200
            ? UpstreamHttp.decode(ChannelStatus, upstream, answer.body)
            : Effect.fail(UpstreamHttp.unavailable(upstream, `refused the channel's status (${answer.status})`))
        }
      )
  }
}
