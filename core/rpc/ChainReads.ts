/**
 * The chain reads of each configured network, as a service: one `ChainRead` per network over viem's
 * fallback of its RPC URLs (core/rpc/Transport.ts, the spec's numbers), made on first use and kept.
 * Nothing is built, and no node is contacted, before a feature reads (a send's fee or blockhash).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Backend } from "../Backend.ts"
import { HostConfig } from "../HostConfig.ts"
import * as NetworkLookup from "../NetworkLookup.ts"
import * as Networks from "../Networks.ts"
import * as ChainRead from "./ChainRead.ts"

export class ChainReads extends Context.Service<ChainReads, {
  /** Reads on a configured network; `NetworkNotFoundError` for any other. */
  readonly on: (caipNetworkId: string) => Effect.Effect<ChainRead.ChainRead, Networks.NetworkNotFoundError>
}>()("portico/core/rpc/ChainReads") {
  static readonly layer = Layer.effect(
    ChainReads,
    Effect.gen(function*() {
      const config = yield* HostConfig
      const backend = yield* Backend
      const reads = new Map<string, ChainRead.ChainRead>()
      return ChainReads.of({
        on: (caipNetworkId) =>
          Effect.suspend(() => {
            const known = reads.get(caipNetworkId)
            if (known !== undefined) return Effect.succeed(known)
            const network = NetworkLookup.byId(config.networks, caipNetworkId)
            if (network === undefined) return Effect.fail(new Networks.NetworkNotFoundError())
            // A network without RPC URLs reads through Portico's own endpoint, when the host has an API.
            const read = ChainRead.forNetwork(network, backend.urls?.chainRpc(caipNetworkId))
            reads.set(caipNetworkId, read)
            return Effect.succeed(read)
          })
      })
    })
  )
}
