/**
 * ENS beside Portico's own names (a server capability of its own): forward (`name.eth` → address),
 * reverse (an address's primary name, checked forward by the Universal Resolver) and avatar (ENSIP-12),
 * through viem's ENS actions against the configured chain's Universal Resolver and the host's RPC.
 * Answers, absent ones included, are kept for the name TTL (spec §9: 5 min); an RPC failure is not kept
 * and fails the lookup (UpstreamUnavailable). An avatar that cannot be read leaves the name without one.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { createPublicClient, getAddress, http, isAddress, type Address, type PublicClient } from "viem"
import { normalize } from "viem/ens"
import * as TtlCache from "../../core/TtlCache.ts"
import { BadRequest, UpstreamUnavailable } from "../api/ApiError.ts"
import type { EvmChainOptions } from "./ServerOptions.ts"

export interface EnsProfile {
  readonly name: string
  readonly address: Address
  readonly avatar: string | null
}

export class EnsNames extends Context.Service<EnsNames, {
  /** Whether a chain with ENS is configured; without one every lookup answers nothing. */
  readonly configured: boolean
  /** The address's primary name (forward-checked) with its address and avatar; undefined when it has none. */
  readonly primary: (address: string) => Effect.Effect<EnsProfile | undefined, UpstreamUnavailable>
  /** What the name resolves to; undefined when ENS knows no address for it. A name ENS cannot normalise is a 400. */
  readonly resolve: (name: string) => Effect.Effect<EnsProfile | undefined, BadRequest | UpstreamUnavailable>
}>()("portico/http/server/EnsNames") {}

/** Names and addresses kept at once (they come from outside, so the caches are bounded). */
const capacity = 10_000

const unavailable = (chainId: string) => new UpstreamUnavailable({ message: `Could not read ENS on eip155:${chainId}` })

const lookup = <A>(chainId: number, run: () => Promise<A>): Effect.Effect<A, UpstreamUnavailable> =>
  Effect.tryPromise({ try: run, catch: () => unavailable(String(chainId)) })

export const make = (evm: ReadonlyArray<EvmChainOptions>): Effect.Effect<EnsNames["Service"]> =>
  Effect.gen(function*() {
    const chain = evm.find((candidate) => candidate.ens !== undefined)
    const forward = yield* TtlCache.makeName<EnsProfile | null>({ capacity })
    const reverse = yield* TtlCache.makeName<EnsProfile | null>({ capacity })
    if (chain?.ens === undefined) {
      return EnsNames.of({ configured: false, primary: () => Effect.succeed(undefined), resolve: () => Effect.succeed(undefined) })
    }
    const universalResolverAddress = getAddress(chain.ens.universalResolver)
    const client: PublicClient = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1, timeout: 10_000 }) })
    // The avatar is an ornament: a record that does not parse, or an image host that does not answer,
    // leaves the name without one rather than failing the name.
    const avatarOf = (name: string) =>
      Effect.orElseSucceed(Effect.tryPromise(() => client.getEnsAvatar({ name, universalResolverAddress })), () => null)
    const profileOf = (name: string) =>
      Effect.gen(function*() {
        const address = yield* lookup(chain.chainId, () => client.getEnsAddress({ name, universalResolverAddress }))
        if (address === null) return null
        return { name, address: getAddress(address), avatar: yield* avatarOf(name) }
      })
    return EnsNames.of({
      configured: true,
      primary: (address) =>
        !isAddress(address, { strict: false })
          ? Effect.succeed(undefined)
          : Effect.map(
            reverse.getOrFetch(address, Effect.gen(function*() {
              const name = yield* lookup(chain.chainId, () => client.getEnsName({ address: getAddress(address), universalResolverAddress }))
              return name === null ? null : yield* profileOf(name)
            })),
            (profile) => profile ?? undefined
          ),
      resolve: (name) =>
        Effect.gen(function*() {
          const normalized = yield* Effect.try({ try: () => normalize(name), catch: () => new BadRequest({ message: `name: ${name} is not a valid ENS name` }) })
          return (yield* forward.getOrFetch(normalized, profileOf(normalized))) ?? undefined
        })
    })
  })

export const layer = (evm: ReadonlyArray<EvmChainOptions>): Layer.Layer<EnsNames> => Layer.effect(EnsNames, make(evm))
