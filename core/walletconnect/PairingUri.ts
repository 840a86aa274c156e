/**
 * The pairing URI a dapp shows as a QR code and a wallet opens:
 * `wc:<topic>@2?relay-protocol=irn&symKey=<key>&expiryTimestamp=<seconds>[&methods=…]`. The topic is the sha256
 * of the key, so a URI whose topic and key disagree is refused as well as one of another version,
 * relay protocol, or with a malformed key.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as SymKey from "./SymKey.ts"

export interface PairingUri {
  readonly topic: string
  readonly symKey: string
  /** Seconds since the epoch. */
  readonly expiryTimestamp: number
}

/** `methods` names the requests a wallet may meet on the pairing besides the proposal (`wc_sessionAuthenticate`). */
export const format = (pairing: PairingUri, methods: ReadonlyArray<string> = []): string =>
  `wc:${pairing.topic}@2?relay-protocol=irn&symKey=${pairing.symKey}&expiryTimestamp=${pairing.expiryTimestamp}${methods.length === 0 ? "" : `&methods=${methods.join(",")}`}`

const shape = /^wc:([0-9a-f]{64})@2\?(.+)$/

export const parse = (uri: string): Effect.Effect<PairingUri, PairingUriError> => {
  const invalid = (reason: string) => Effect.fail(new PairingUriError({ message: `Not a WalletConnect v2 pairing URI: ${reason}` }))
  const match = shape.exec(uri.trim())
  const topic = match?.[1]
  const query = match?.[2]
  if (topic === undefined || query === undefined) return invalid("expected wc:<topic>@2?…")
  const params = new URLSearchParams(query)
  if (params.get("relay-protocol") !== "irn") return invalid("the relay protocol must be irn")
  const symKey = params.get("symKey") ?? ""
  if (!Schema.is(SymKey.Hex32)(symKey)) return invalid("symKey must be 32 bytes of hex")
  if (SymKey.topicOf(symKey) !== topic) return invalid("the topic does not belong to the key")
  const expiry = params.get("expiryTimestamp")
  if (expiry === null || !/^[1-9][0-9]{0,11}$/.test(expiry)) return invalid("expiryTimestamp must be seconds since the epoch")
  return Effect.succeed({ topic, symKey, expiryTimestamp: Number(expiry) })
}

export class PairingUriError extends Schema.TaggedError<PairingUriError>()("PairingUriError", {
  message: Schema.String
}) {}
