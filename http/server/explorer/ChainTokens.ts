/**
 * Token facts read on one EVM chain through its JSON-RPC endpoint: ERC-20 metadata (decimals, symbol,
 * name), ERC-20 balances and ERC-721 token URIs. Reads made together travel as one JSON-RPC batch (viem's
 * batched HTTP transport), so nothing depends on a Multicall3 contract being deployed. A contract that
 * reverts or answers something else is not a token (undefined); a node that cannot be reached is an
 * UpstreamUnavailable. Metadata never changes, so it is kept (bounded: contracts come from outside).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { BaseError, createPublicClient, erc20Abi, http, HttpRequestError, parseAbi, TimeoutError, type Address, type PublicClient } from "viem"
import * as TtlCache from "../../../core/TtlCache.ts"
import { UpstreamUnavailable } from "../../api/ApiError.ts"

export interface TokenMetadata {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

export interface ChainTokens {
  /** Each contract's ERC-20 metadata, undefined for a contract that does not answer as a token. */
  readonly metadata: (contracts: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<TokenMetadata | undefined>, UpstreamUnavailable>
  /** `owner`'s balance of each contract, in base units; undefined where the contract does not answer. */
  readonly balances: (owner: string, contracts: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<bigint | undefined>, UpstreamUnavailable>
  /** The token's tokenURI, undefined when the contract does not answer one. */
  readonly tokenUri: (contract: string, tokenId: bigint) => Effect.Effect<string | undefined, UpstreamUnavailable>
}

const erc721MetadataAbi = parseAbi(["function tokenURI(uint256 tokenId) view returns (string)"])

/** Metadata kept for this many contracts per chain. */
const metadataCapacity = 10_000
const metadataTtlMillis = 24 * 60 * 60 * 1000

/** Names and symbols come from any contract: kept short, without control or format characters. */
export const contractText = (text: string, max: number): string => text.replace(/[\p{Cc}\p{Cf}]/gu, "").trim().slice(0, max)

/** A node that cannot be reached fails the read; a contract's revert means "not a token". */
const isUnreachable = (error: unknown): boolean =>
  error instanceof BaseError && error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null

/** The value, undefined when the contract reverted or answered nonsense, the failure when the node could not be reached. */
const settle = <A>(promise: Promise<A>): Promise<A | undefined> =>
  promise.then((value) => value, (error: unknown) => {
    if (isUnreachable(error)) throw error
    return undefined
  })

/** Runs reads against the node of `chainId`: one that cannot be reached is an UpstreamUnavailable. */
const reader = (chainId: string) => <A>(run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: () => new UpstreamUnavailable({ message: `Could not read tokens on ${chainId}` }) })

export const make = (chainId: string, rpcUrl: string): Effect.Effect<ChainTokens> =>
  Effect.gen(function*() {
    const client: PublicClient = createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 200 }, retryCount: 1 }) })
    const kept = yield* TtlCache.make<TokenMetadata | undefined>(metadataTtlMillis, { capacity: metadataCapacity })
    const read = reader(chainId)

    const readMetadata = (contract: string) =>
      read(async () => {
        const address = contract as Address
        const [decimals, symbol, name] = await Promise.all([
          settle(client.readContract({ address, abi: erc20Abi, functionName: "decimals" })),
          settle(client.readContract({ address, abi: erc20Abi, functionName: "symbol" })),
          settle(client.readContract({ address, abi: erc20Abi, functionName: "name" }))
        ])
        if (decimals === undefined || symbol === undefined || decimals > 77) return undefined
        const shownSymbol = contractText(symbol, 20)
        return shownSymbol === "" ? undefined : { decimals, symbol: shownSymbol, name: contractText(name ?? symbol, 60) || shownSymbol }
      })

    return {
      metadata: (contracts) =>
        Effect.forEach(contracts, (contract) =>
          Effect.flatMap(kept.get(contract), (found) =>
            Option.isSome(found) ? Effect.succeed(found.value) : Effect.tap(readMetadata(contract), (metadata) => kept.set(contract, metadata))),
          { concurrency: "unbounded" }),
      balances: (owner, contracts) =>
        read(() =>
          Promise.all(contracts.map((contract) =>
            settle(client.readContract({ address: contract as Address, abi: erc20Abi, functionName: "balanceOf", args: [owner as Address] }))
          ))
        ),
      tokenUri: (contract, tokenId) =>
        read(() => settle(client.readContract({ address: contract as Address, abi: erc721MetadataAbi, functionName: "tokenURI", args: [tokenId] })))
    }
  })
