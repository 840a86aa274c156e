/**
 * Purchases made through the onramp providers: the providers' callbacks, verified (the signature, then the
 * delivery on chain, Deliveries.ts) and stored once (PurchaseStore.ts), and an address's purchases as
 * history entries for `GET /v1/account/{address}/history?onramp=…`. A purchase not mined yet when its
 * callback came is checked again whenever its history is read.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { formatUnits, getAddress, isAddress, parseUnits, type Hex } from "viem"
import { History, type Transaction } from "../../../core/Transaction.ts"
import { BadRequest, Conflict, InvalidSignature, NotFound, UpstreamUnavailable } from "../../api/ApiError.ts"
import { priced, tokenImageUrl, type PriceSource } from "../Balances.ts"
import type { OnrampProviderOptions } from "../ServerOptions.ts"
import * as CallbackSignature from "./CallbackSignature.ts"
import * as Deliveries from "./Deliveries.ts"
import type { OnrampAsset, OnrampChain, OnrampChains } from "./OnrampChains.ts"
import { PurchaseCallback, signatureHeader } from "./ProviderProtocol.ts"
import type { Purchase, PurchaseStore } from "./PurchaseStore.ts"

/** Purchases per history page (the cursor is an offset, as for EVM history). */
const pageSize = 20

const statusText: Readonly<Record<Deliveries.DeliveryStatus, string>> = {
  success: "ONRAMP_TRANSACTION_STATUS_SUCCESS",
  in_progress: "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS",
  failed: "ONRAMP_TRANSACTION_STATUS_FAILED"
}

const decodeCallback = Schema.decodeUnknownEffect(Schema.fromJsonString(PurchaseCallback))

/** `purchase_amount` in base units; more decimals than the asset has is a refusal, never a rounding. */
const unitsOf = (text: string, asset: OnrampAsset): Effect.Effect<bigint, BadRequest> =>
  (text.split(".")[1] ?? "").length > asset.decimals
    ? Effect.fail(new BadRequest({ message: `purchase_amount: ${asset.symbol} has ${asset.decimals} decimals` }))
    : Effect.succeed(parseUnits(text, asset.decimals))

export interface HistoryQuery {
  readonly address: string
  /** CAIP-2; every onramp chain when absent. */
  readonly chainId: string | undefined
  /** The `onramp` query: a provider's id narrows to its purchases, anything else lists them all. */
  readonly onramp: string
  readonly offset: number
  /** Base of the token image links. */
  readonly imageBase: string
}

export interface OnrampPurchases {
  /** Verifies and stores a provider's callback (the raw body, as signed). */
  readonly receive: (
    provider: string,
    body: Uint8Array,
    signature: string | undefined,
    receivedAt: Date
  ) => Effect.Effect<void, NotFound | InvalidSignature | BadRequest | Conflict | UpstreamUnavailable>
  readonly history: (query: HistoryQuery) => Effect.Effect<History, BadRequest | UpstreamUnavailable>
}

export const make = (
  providers: ReadonlyArray<OnrampProviderOptions>,
  chains: OnrampChains,
  store: PurchaseStore,
  prices: PriceSource
): OnrampPurchases => {
  const byCaip = new Map(Array.from(chains.values(), (chain) => [chain.caip, chain]))

  /** The chain's word on a stored purchase not mined when it was stored; a transaction gone from the chain failed. */
  const recheck = (purchase: Purchase, chain: OnrampChain): Effect.Effect<Purchase, UpstreamUnavailable> => {
    const asset: OnrampAsset = { contract: purchase.asset === "native" ? undefined : getAddress(purchase.asset), name: purchase.name, symbol: purchase.symbol, decimals: purchase.decimals }
    const claim = { chain, asset, to: getAddress(purchase.address), amount: BigInt(purchase.amount), hash: purchase.txHash as Hex }
    return Deliveries.check(claim).pipe(
      Effect.catchTag("BadRequest", () => Effect.succeed({ status: "failed" as const, minedAt: undefined })),
      Effect.tap((delivery) => (delivery.status === "in_progress" ? Effect.void : store.settle(purchase.provider, purchase.purchaseId, delivery.status, delivery.minedAt))),
      Effect.map((delivery) => ({ ...purchase, status: delivery.status, minedAt: delivery.minedAt }))
    )
  }

  const entryOf = (purchase: Purchase, imageBase: string): Transaction => {
    const numeric = formatUnits(BigInt(purchase.amount), purchase.decimals)
    const assetId = purchase.asset === "native" ? `${purchase.chain}:native` : `${purchase.chain}:${purchase.asset}`
    return {
      id: `onramp:${purchase.provider}:${purchase.purchaseId}`,
      metadata: {
        operationType: "buy",
        hash: purchase.txHash,
        minedAt: purchase.minedAt ?? purchase.receivedAt,
        chain: purchase.chain,
        sentFrom: purchase.sentFrom,
        sentTo: purchase.address,
        status: statusText[purchase.status]
      },
      transfers: [{
        direction: "in",
        fungible_info: { name: purchase.name, symbol: purchase.symbol, icon: { url: tokenImageUrl(imageBase, purchase.symbol) } },
        quantity: { decimals: String(purchase.decimals), numeric },
        ...priced(prices, assetId, numeric)
      }]
    }
  }

  return {
    receive: (providerId, body, signature, receivedAt) =>
      Effect.gen(function*() {
        const provider = providers.find((candidate) => candidate.id === providerId)
        if (provider === undefined) return yield* new NotFound({ message: `provider: ${providerId} is not an onramp provider of this server` })
        if (!CallbackSignature.verify(provider.secret, body, signature)) {
          return yield* new InvalidSignature({ message: `${signatureHeader}: missing, or not the body's HMAC-SHA256 under this provider's secret` })
        }
        const callback = yield* Effect.mapError(
          decodeCallback(new TextDecoder().decode(body)),
          () => new BadRequest({ message: "body: not a purchase callback (see http/server/onramp/ProviderProtocol.ts)" })
        )
        const chain = chains.get(callback.chain_id)
        if (chain === undefined) return yield* new BadRequest({ message: `chain_id: ${callback.chain_id} is not a chain this server is configured for` })
        const asset = chain.assetOf(callback.contract_address)
        if (asset === undefined) return yield* new BadRequest({ message: `contract_address: ${callback.contract_address} is not a token this server knows on ${chain.caip}` })
        if (!isAddress(callback.destination_address, { strict: false })) {
          return yield* new BadRequest({ message: `destination_address: not an address on ${chain.caip}` })
        }
        const to = getAddress(callback.destination_address)
        const amount = yield* unitsOf(callback.purchase_amount, asset)
        const hash = callback.transaction_hash.toLowerCase() as Hex
        const delivery = yield* Deliveries.check({ chain, asset, to, amount, hash })
        const outcome = yield* store.store({
          provider: provider.id,
          purchaseId: callback.purchase_id,
          chain: chain.caip,
          txHash: hash,
          address: to,
          sentFrom: delivery.from,
          asset: asset.contract ?? "native",
          name: asset.name,
          symbol: asset.symbol,
          decimals: asset.decimals,
          amount: amount.toString(),
          fiatTotal: callback.payment_total.value,
          fiatCurrency: callback.payment_total.currency,
          partnerUserId: callback.partner_user_id,
          quoteId: callback.quote_id,
          status: delivery.status,
          minedAt: delivery.minedAt,
          receivedAt: receivedAt.toISOString()
        })
        if (outcome === "conflict") {
          return yield* new Conflict({ message: "purchase_id: this purchase, or its transaction, is already recorded with other details" })
        }
      }),

    history: (query) =>
      Effect.gen(function*() {
        const wanted = query.chainId === undefined ? [...byCaip.keys()] : [query.chainId]
        if (query.chainId !== undefined && !byCaip.has(query.chainId)) {
          return yield* new BadRequest({ message: `chainId: network ${query.chainId} is not supported` })
        }
        const provider = providers.some((candidate) => candidate.id === query.onramp) ? query.onramp : undefined
        const stored = yield* store.of(query.address, wanted, provider)
        const page = stored.slice(query.offset, query.offset + pageSize)
        const current = yield* Effect.forEach(page, (purchase) => {
          const chain = byCaip.get(purchase.chain)
          return purchase.status === "in_progress" && chain !== undefined ? recheck(purchase, chain) : Effect.succeed(purchase)
        }, { concurrency: 4 })
        const next = query.offset + pageSize < stored.length ? String(query.offset + pageSize) : null
        return new History({ data: current.map((purchase) => entryOf(purchase, query.imageBase)), next })
      })
  }
}
