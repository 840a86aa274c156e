/**
 * What the account holds, from this server's balance endpoint (`/v1/account/{address}/balance`): the
 * network's currency (its symbol and decimals, so the approve panel shows amounts in it) and
 * `wallet_getAssets` (EIP-7811, in core/Asset.ts's shape: `native` or the token's address, the balance
 * in base units as hex, and the token's metadata), per requested chain.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { numberToHex, parseUnits } from "viem"
import type { Asset } from "../../core/Asset.ts"
import { accountOf, referenceOf } from "../../core/Caip.ts"
import type { TokenBalance } from "../../core/TokenBalance.ts"
import type { Currency } from "./ApprovalViews.ts"
import type { ServerApi } from "./ServerApi.ts"

const balancesOf = (api: ServerApi["Service"], address: string, chainId: string) =>
  Effect.map(api.blockchain.balance({ params: { address }, query: { currency: "usd", chainId } }), (answer) =>
    answer.balances.filter((balance) => balance.chainId === chainId))

/** The network's own currency, as the server knows it; none when it cannot say (amounts are then shown in base units). */
export const nativeCurrency = (api: ServerApi["Service"], address: string, chainId: string): Effect.Effect<Option.Option<Currency>> =>
  balancesOf(api, address, chainId).pipe(
    Effect.map((balances) => Option.fromNullishOr(balances.find((balance) => balance.address === undefined))),
    Effect.map(Option.map((native) => ({ symbol: native.symbol, decimals: Number(native.quantity.decimals) }))),
    // The symbol only decorates the panel: without the server, amounts show in wei or lamports.
    Effect.orElseSucceed(() => Option.none())
  )

export const AssetsRequest = Schema.Tuple([
  Schema.Struct({
    account: Schema.String,
    /** Hex chain ids; the request's network when absent. */
    chainFilter: Schema.optionalKey(Schema.Array(Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]{1,16}$/))).check(Schema.isMaxLength(32))),
    assetTypeFilter: Schema.optionalKey(Schema.Array(Schema.String))
  })
])

const assetOf = (balance: TokenBalance): Asset => {
  const decimals = Number(balance.quantity.decimals)
  return {
    address: balance.address === undefined ? "native" : (accountOf(balance.address) ?? balance.address),
    balance: numberToHex(parseUnits(balance.quantity.numeric, decimals)),
    type: balance.address === undefined ? "native" : "erc20",
    metadata: {
      name: balance.name,
      symbol: balance.symbol,
      decimals,
      ...(balance.value === undefined ? {} : { value: balance.value }),
      ...(balance.price === undefined ? {} : { price: balance.price }),
      iconUrl: balance.iconUrl
    }
  }
}

/** The answer to `wallet_getAssets` for `address`, on the filter's chains (or `chainId`). */
export const assets = (api: ServerApi["Service"], address: string, chainId: string, request: typeof AssetsRequest.Type) =>
  Effect.gen(function*() {
    const [{ chainFilter, assetTypeFilter }] = request
    const chains = chainFilter ?? [numberToHex(BigInt(referenceOf(chainId)))]
    const types = assetTypeFilter?.map((type) => type.toLowerCase())
    const entries = yield* Effect.forEach(chains, (hex) =>
      Effect.map(balancesOf(api, address, `eip155:${BigInt(hex).toString()}`), (balances) =>
        [hex, balances.map(assetOf).filter((asset) => types === undefined || types.includes(asset.type))] as const))
    return Object.fromEntries(entries)
  })
