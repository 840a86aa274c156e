/**
 * Whether the server can answer its visitors now (`GET /readyz`): the database answers a query and each
 * configured chain node answers JSON-RPC, an EVM node `eth_chainId` with the configured chain's id, a
 * Solana node `getHealth` with `ok`, each within `probeTimeoutMillis`. All are asked at once; the answer
 * names what failed. A node that fails its probe counts as an upstream error (Metrics). Once the server
 * is stopping (GracefulStop.ts) it is never ready: `stopping` fails, so a load balancer takes it out.
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Caip from "../../core/Caip.ts"
import type { Upstreams } from "./ChainRpcUpstreams.ts"
import type { Queryable } from "./Database.ts"
import type { ServerMetrics } from "./Metrics.ts"

/** A probe slower than this fails: a load balancer asks often and must not pile up waiting requests. */
export const probeTimeoutMillis = 2_000

export interface Verdict {
  /** `database` and each upstream's CAIP-2 network id, in that order. */
  readonly checked: ReadonlyArray<string>
  /** What did not answer, and `stopping` once the server is stopping. */
  readonly failing: ReadonlyArray<string>
}

export class Readiness extends Context.Service<Readiness, {
  readonly check: Effect.Effect<Verdict>
}>()("portico/http/server/Readiness") {}

const Answer = Schema.Struct({ result: Schema.Unknown })
const decodeAnswer = Schema.decodeUnknownOption(Answer)

/** The probe of a network and the answer that passes it. */
const probeOf = (network: string): { readonly method: string; readonly passes: (result: unknown) => boolean } => {
  const parsed = Option.getOrUndefined(Effect.runSync(Effect.option(Caip.parseNetworkId(network))))
  const reference = parsed?.reference ?? ""
  if (parsed?.namespace === "solana") return { method: "getHealth", passes: (result) => result === "ok" }
  return { method: "eth_chainId", passes: (result) => typeof result === "string" && /^0x[0-9a-f]+$/i.test(result) && BigInt(result).toString() === reference }
}

const answers = (url: string, network: string): Effect.Effect<boolean> => {
  const probe = probeOf(network)
  return Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: probe.method, params: [] }),
        signal
      })
      return response.ok ? response.json() as Promise<unknown> : undefined
    },
    catch: () => "unreachable"
  }).pipe(
    Effect.map((body) => {
      const answer = decodeAnswer(body)
      return Option.isSome(answer) && probe.passes(answer.value.result)
    }),
    Effect.timeoutOption(Duration.millis(probeTimeoutMillis)),
    Effect.map((answered) => Option.getOrElse(answered, () => false)),
    Effect.orElseSucceed(() => false)
  )
}

const databaseAnswers = (db: Queryable): Effect.Effect<boolean> =>
  Effect.tryPromise(() => db.query("SELECT 1")).pipe(
    Effect.timeoutOption(Duration.millis(probeTimeoutMillis)),
    Effect.map(Option.isSome),
    Effect.orElseSucceed(() => false)
  )

/** What `failing` names while the server stops. */
export const stoppingCheck = "stopping"

export const make = (
  db: Queryable,
  upstreams: Upstreams,
  metrics: ServerMetrics,
  stopping: () => boolean
): Context.Service.Shape<typeof Readiness> => ({
  check: Effect.gen(function*() {
    const nodes = [...upstreams]
    const [database, ...nodeVerdicts] = yield* Effect.all(
      [databaseAnswers(db), ...nodes.map(([network, url]) => answers(url, network))],
      { concurrency: "unbounded" }
    )
    const failing = nodes.flatMap(([network], index) => (nodeVerdicts[index] === true ? [] : [network]))
    for (const network of failing) metrics.upstreamFailed(network)
    return {
      checked: ["database", ...nodes.map(([network]) => network)],
      // Asked again at the end: a probe that began before the stop must not answer ready after it.
      failing: [...(database === true ? [] : ["database"]), ...failing, ...(stopping() ? [stoppingCheck] : [])]
    }
  })
})
