/**
 * One chain's explorer, spoken to as Etherscan's v2 API (`kind: "etherscan"`: the chain named by
 * `chainid`) or Blockscout's (`kind: "blockscout"`: one instance per chain). The API key goes in the
 * query string, as both document it, and never into an error or a log line.
 *
 * Calls are paced under the explorer's own rate limit (`requestsPerSecond`): a call waits for its slot,
 * and one that would wait longer than the timeout fails at once as rate limited rather than pile up.
 * Every answer is classified before anything is read from it: HTTP 429 and "Max rate limit reached" are
 * rate limiting, a "0" status with an empty list is no records, any other "0" is a refusal (its text
 * kept: "Invalid API Key"), and a body that is not the envelope or holds a record that does not decode
 * is malformed. A call that outlives the timeout is interrupted (the fetch aborted).
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as AccountApi from "./AccountApi.ts"
import type { ExplorerOptions } from "./ExplorerOptions.ts"

export interface ExplorerClient {
  /** CAIP-2 id of the chain. */
  readonly chainId: string
  readonly list: <A extends AccountApi.Action>(query: AccountApi.AccountQuery & { readonly action: A }) => Effect.Effect<ReadonlyArray<AccountApi.RecordOf[A]>, ExplorerError>
}

/** Defaults under Etherscan's lowest paid tier (5 calls/s) and its slowest answers. */
export const defaults = { requestsPerSecond: 5, timeoutSeconds: 10 } as const

/** "Max rate limit reached", "Max calls per sec rate limit reached (5/sec)". */
const rateLimitText = /rate limit/i

/** What an answer turned out to be, before its records are decoded. */
export type Classified =
  | { readonly _tag: "Records"; readonly records: ReadonlyArray<unknown> }
  | { readonly _tag: "Failure"; readonly reason: ExplorerError["reason"]; readonly detail: string }

const decodeEnvelope = Schema.decodeUnknownOption(Schema.fromJsonString(AccountApi.Envelope))

/** Reads an explorer's HTTP answer (status and body text) as the account API defines it. */
export const classify = (status: number, body: string): Classified => {
  if (status === 429) return { _tag: "Failure", reason: "rate-limited", detail: "HTTP 429" }
  if (status !== 200) return { _tag: "Failure", reason: "unreachable", detail: `HTTP ${status}` }
  const envelope = decodeEnvelope(body)
  if (envelope._tag === "None") return { _tag: "Failure", reason: "malformed", detail: "not the {status, message, result} envelope" }
  const { status: flag, message, result } = envelope.value
  if (Array.isArray(result)) {
    if (flag === "1" || result.length === 0) return { _tag: "Records", records: result }
    return { _tag: "Failure", reason: "malformed", detail: `records with status 0 (${message})` }
  }
  const text = typeof result === "string" ? result : message
  if (flag === "1") return { _tag: "Failure", reason: "malformed", detail: "status 1 without a list of records" }
  if (rateLimitText.test(text) || rateLimitText.test(message)) return { _tag: "Failure", reason: "rate-limited", detail: text }
  return { _tag: "Failure", reason: "refused", detail: text.slice(0, 200) }
}

const decodeRecords = {
  txlist: Schema.decodeUnknownEffect(Schema.Array(AccountApi.records.txlist)),
  txlistinternal: Schema.decodeUnknownEffect(Schema.Array(AccountApi.records.txlistinternal)),
  tokentx: Schema.decodeUnknownEffect(Schema.Array(AccountApi.records.tokentx)),
  tokennfttx: Schema.decodeUnknownEffect(Schema.Array(AccountApi.records.tokennfttx)),
  token1155tx: Schema.decodeUnknownEffect(Schema.Array(AccountApi.records.token1155tx))
} satisfies { readonly [A in AccountApi.Action]: (input: unknown) => Effect.Effect<ReadonlyArray<AccountApi.RecordOf[A]>, Schema.SchemaError> }

/** The request URL: the account query on the configured endpoint, with the chain id for Etherscan's v2. */
export const urlOf = (options: ExplorerOptions, chainId: number, query: AccountApi.AccountQuery): string => {
  const url = new URL(options.url)
  const set = (key: string, value: string) => url.searchParams.set(key, value)
  if (options.kind === "etherscan") set("chainid", String(chainId))
  set("module", "account")
  set("action", query.action)
  set("address", query.address)
  set("startblock", String(query.startblock))
  // Without an end block both APIs read up to the latest (Blockscout takes only numbers there).
  if (query.endblock !== undefined) set("endblock", String(query.endblock))
  set("page", String(query.page))
  set("offset", String(query.offset))
  set("sort", query.sort)
  if (options.apiKey !== undefined) set("apikey", options.apiKey)
  return url.toString()
}

export const make = (chainId: number, options: ExplorerOptions): ExplorerClient => {
  const caip2 = `eip155:${chainId}`
  const timeout = Duration.seconds(options.timeoutSeconds ?? defaults.timeoutSeconds)
  const spacingMillis = 1000 / (options.requestsPerSecond ?? defaults.requestsPerSecond)
  const failure = (reason: ExplorerError["reason"], detail: string) =>
    new ExplorerError({ chainId: caip2, reason, message: `The explorer of ${caip2}: ${detail}` })
  let nextSlot = 0

  /** Waits for this call's slot; a slot further away than the timeout is refused as rate limiting. */
  const slot = Effect.gen(function*() {
    const now = yield* Clock.currentTimeMillis
    const at = Math.max(now, nextSlot)
    if (at - now > Duration.toMillis(timeout)) return yield* failure("rate-limited", "too many calls waiting for the explorer's rate limit")
    nextSlot = at + spacingMillis
    if (at > now) yield* Effect.sleep(Duration.millis(at - now))
  })

  const fetchText = (url: string) =>
    Effect.tryPromise({
      try: async (signal) => {
        const response = await fetch(url, { headers: { accept: "application/json" }, signal })
        return { status: response.status, body: await response.text() }
      },
      catch: () => failure("unreachable", "could not be reached")
    }).pipe(
      Effect.timeoutOrElse({ duration: timeout, orElse: () => Effect.fail(failure("timeout", `no answer within ${Duration.format(timeout)}`)) })
    )

  return {
    chainId: caip2,
    list: (query) =>
      Effect.gen(function*() {
        yield* slot
        const answer = yield* fetchText(urlOf(options, chainId, query))
        const classified = classify(answer.status, answer.body)
        if (classified._tag === "Failure") return yield* failure(classified.reason, classified.detail)
        const decode: (input: unknown) => Effect.Effect<ReadonlyArray<unknown>, Schema.SchemaError> = decodeRecords[query.action]
        const decoded = yield* decode(classified.records).pipe(
          Effect.mapError(() => failure("malformed", `a ${query.action} record that is not one`))
        )
        // decodeRecords[A] decodes with records[A], whose Type is RecordOf[A].
        return decoded as ReadonlyArray<AccountApi.RecordOf[typeof query.action]>
      })
  }
}

/**
 * An explorer that did not give the records: `rate-limited` (HTTP 429 or "Max rate limit reached"),
 * `timeout`, `unreachable` (no connection, another HTTP status), `refused` (status "0" with a reason, such
 * as an invalid API key) or `malformed` (not the envelope, or a record that does not decode).
 */
export class ExplorerError extends Schema.TaggedError<ExplorerError>()("ExplorerError", {
  chainId: Schema.String,
  reason: Schema.Literals(["rate-limited", "timeout", "unreachable", "refused", "malformed"]),
  message: Schema.String
}) {}
