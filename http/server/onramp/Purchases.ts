/**
 * Purchases made through the onramp providers, as `GET /v1/account/{address}/history?onramp=…` lists them.
 * A provider's word is never shown as it is: each purchase it reports (through its status API, asked on
 * every history read, or a verified webhook) is checked on chain (Deliveries.ts: the transaction exists
 * and moves the stated asset and amount to the stated address) and stored once (PurchaseStore.ts). A
 * purchase not mined yet is checked again whenever its history is read; one whose transaction does not
 * match what the provider says is never listed.
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { formatUnits, getAddress, isAddress, isAddressEqual, parseUnits, type Hex } from "viem"
import { History, type Transaction } from "../../../core/Transaction.ts"
import { BadRequest, Conflict, NotFound, UpstreamUnavailable, type InvalidSignature } from "../../api/ApiError.ts"
import { priced, tokenImageUrl, type PriceSource } from "../Balances.ts"
import * as Deliveries from "./Deliveries.ts"
import type { OnrampOffers } from "./OnrampOffers.ts"
import type { OnrampAsset, OnrampChain, OnrampChains } from "./OnrampChains.ts"
import type { Purchase, PurchaseStore, StoreOutcome } from "./PurchaseStore.ts"
import type { RampProvider, ReportedPurchase, Webhook } from "./RampProvider.ts"

/** Purchases per history page (the cursor is an offset, as for EVM history). */
const pageSize = 20

const statusText: Readonly<Record<Deliveries.DeliveryStatus, string>> = {
  success: "ONRAMP_TRANSACTION_STATUS_SUCCESS",
  in_progress: "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS",
  failed: "ONRAMP_TRANSACTION_STATUS_FAILED"
}

const hashPattern = /^0x[0-9a-fA-F]{64}$/

/** `amount` in base units; more decimals than the asset has is a refusal, never a rounding. */
const unitsOf = (text: string, asset: OnrampAsset): Effect.Effect<bigint, BadRequest> =>
  !/^\d+(\.\d+)?$/.test(text) || (text.split(".")[1] ?? "").length > asset.decimals
    ? Effect.fail(new BadRequest({ message: `amount: ${text} is not an amount of ${asset.symbol} (${asset.decimals} decimals)` }))
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
  /** Verifies and stores what a provider's webhook reports. */
  readonly receive: (provider: string, webhook: Webhook) => Effect.Effect<void, NotFound | InvalidSignature | BadRequest | Conflict | UpstreamUnavailable>
  readonly history: (query: HistoryQuery) => Effect.Effect<History, BadRequest | UpstreamUnavailable>
}

export const make = (
  providers: ReadonlyArray<RampProvider>,
  offers: OnrampOffers,
  chains: OnrampChains,
  store: PurchaseStore,
  prices: PriceSource
): OnrampPurchases => {
  const byCaip = new Map(Array.from(chains.values(), (chain) => [chain.caip, chain]))

  /** A reported purchase checked on chain and stored; a BadRequest when the chain does not back it. */
  const record = (provider: RampProvider, reported: ReportedPurchase, txHash: string): Effect.Effect<StoreOutcome, BadRequest | UpstreamUnavailable> =>
    Effect.gen(function*() {
      const chain = chains.get(reported.chainId)
      if (chain === undefined) return yield* new BadRequest({ message: `chainId: ${reported.chainId} is not a chain this server is configured for` })
      const asset = chain.assetOf(reported.contract)
      if (asset === undefined) return yield* new BadRequest({ message: `contract: ${reported.contract} is not a token this server knows on ${chain.caip}` })
      if (!isAddress(reported.walletAddress, { strict: false })) return yield* new BadRequest({ message: `walletAddress: not an address on ${chain.caip}` })
      if (!hashPattern.test(txHash)) return yield* new BadRequest({ message: `transaction: ${txHash} is not a transaction hash` })
      const to = getAddress(reported.walletAddress)
      const amount = yield* unitsOf(reported.amount, asset)
      const hash = txHash.toLowerCase() as Hex
      const delivery = yield* Deliveries.check({ chain, asset, to, amount, hash })
      const receivedAt = new Date(yield* Clock.currentTimeMillis).toISOString()
      return yield* store.store({
        provider: provider.id,
        purchaseId: reported.id,
        chain: chain.caip,
        txHash: hash,
        address: to,
        sentFrom: delivery.from,
        asset: asset.contract ?? "native",
        name: asset.name,
        symbol: asset.symbol,
        decimals: asset.decimals,
        amount: amount.toString(),
        fiatTotal: reported.paymentTotal.amount,
        fiatCurrency: reported.paymentTotal.currency,
        partnerUserId: reported.partnerUserId,
        quoteId: "",
        status: delivery.status,
        minedAt: delivery.minedAt,
        receivedAt
      })
    })

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

  /**
   * Asks `provider`'s status API what it has for the address, and records each sent purchase to the
   * address not yet settled in the store. A purchase the chain does not back is left out, never listed.
   */
  const refresh = (provider: RampProvider, address: string, settled: ReadonlySet<string>) =>
    Effect.gen(function*() {
      const reported = yield* provider.purchasesOf(address, yield* offers.offersOf(provider))
      const fresh = reported.filter((purchase) =>
        purchase.txHash !== undefined && !settled.has(`${provider.id}:${purchase.id}`) &&
        isAddress(purchase.walletAddress, { strict: false }) && isAddressEqual(purchase.walletAddress, getAddress(address)))
      yield* Effect.forEach(fresh, (purchase) => Effect.catchTag(record(provider, purchase, purchase.txHash ?? ""), "BadRequest", () => Effect.void), { concurrency: 4 })
    })

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
    receive: (providerId, webhook) =>
      Effect.gen(function*() {
        const provider = providers.find((candidate) => candidate.id === providerId)
        if (provider === undefined || provider.webhook === undefined) {
          return yield* new NotFound({ message: `provider: ${providerId} is not an onramp provider of this server that sends webhooks` })
        }
        const reported = yield* provider.webhook(webhook, yield* offers.offersOf(provider))
        for (const purchase of reported) {
          // A purchase not sent yet has nothing to check; its later event (or the status API) brings it.
          if (purchase.txHash === undefined) continue
          const outcome = yield* record(provider, purchase, purchase.txHash)
          if (outcome === "conflict") {
            return yield* new Conflict({ message: "id: this purchase, or its transaction, is already recorded with other details" })
          }
        }
      }),

    history: (query) =>
      Effect.gen(function*() {
        const wanted = query.chainId === undefined ? [...byCaip.keys()] : [query.chainId]
        if (query.chainId !== undefined && !byCaip.has(query.chainId)) {
          return yield* new BadRequest({ message: `chainId: network ${query.chainId} is not supported` })
        }
        if (!isAddress(query.address, { strict: false })) return new History({ data: [], next: null })
        const named = providers.find((candidate) => candidate.id === query.onramp)
        const asked = named === undefined ? providers : [named]
        const before = yield* store.of(query.address, wanted, named?.id)
        const settled = new Set(before.filter((purchase) => purchase.status !== "in_progress").map((purchase) => `${purchase.provider}:${purchase.purchaseId}`))
        const answers = yield* Effect.forEach(asked, (provider) => Effect.result(refresh(provider, query.address, settled)), { concurrency: "unbounded" })
        // Every provider asked is down: their purchases cannot be told, so the client is told to retry.
        if (answers.every((answer) => answer._tag === "Failure")) {
          return yield* new UpstreamUnavailable({ message: `The onramp provider${asked.length === 1 ? "" : "s"} could not be asked about purchases` })
        }
        const stored = yield* store.of(query.address, wanted, named?.id)
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
