/**
 * One transaction as an address sees it (core/Transaction.ts), from the explorer's records of it: the
 * native value it carried, the internal transfers of its calls, its ERC-20, ERC-721 and ERC-1155
 * transfers (amounts in token units), and the ERC-20 approval it made.
 *
 * Tokens the host vouches for (configuration or token list) carry the host's names, decimals and image;
 * any other token carries what the explorer read from its contract and `flags.verified: false`. An NFT
 * of a collection configured as spam is spam; one of an unconfigured collection is spam when it arrived
 * in a transaction the address did not send (an airdrop), and a listed collection's image is read from
 * its tokenURI.
 */
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { decodeFunctionData, erc20Abi, formatUnits, getAddress, maxUint256, toFunctionSelector } from "viem"
import type { Approval, Transaction, Transfer } from "../../../core/Transaction.ts"
import type { UpstreamUnavailable } from "../../api/ApiError.ts"
import { nativeImageUrl, priced, tokenImageUrl, unverifiedImageUrl, type PriceSource } from "../Balances.ts"
import type { EvmCollection } from "../ServerOptions.ts"
import type * as AccountApi from "./AccountApi.ts"
import { contractText } from "./ChainTokens.ts"
import type { Gathered } from "./HistoryPages.ts"
import type { KnownToken, TokenCatalogue } from "./TokenCatalogue.ts"

export interface ViewContext {
  /** CAIP-2 id of the chain. */
  readonly chainId: string
  readonly native: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly prices: PriceSource
  readonly catalogue: TokenCatalogue
  /** Configured collections by lower-case address. */
  readonly collections: ReadonlyMap<string, EvmCollection>
  /** The accepted image of an NFT (NftImage.ts), read once per token. */
  readonly nftImage: (contract: string, tokenId: bigint) => Effect.Effect<string | undefined, UpstreamUnavailable>
  /** Where this server's images are reached (RequestBase.ts). */
  readonly imageBase: string
}

type Direction = NonNullable<Transfer["direction"]>

/** One movement, addresses lower-case, before it is seen from the address's side. */
interface Movement {
  readonly from: string
  readonly to: string
  readonly describe: (direction: Direction) => Transfer
}

const approveSelector = toFunctionSelector("approve(address,uint256)")

const directionOf = (address: string, from: string, to: string): Direction =>
  from === address && to === address ? "self" : from === address ? "out" : "in"

const operationOf = (creation: boolean, transfers: ReadonlyArray<Transfer>, approvals: ReadonlyArray<Approval>): string => {
  if (creation) return "deploy"
  const outgoing = transfers.some((transfer) => transfer.direction === "out")
  const incoming = transfers.some((transfer) => transfer.direction === "in")
  if (outgoing && incoming) return "trade"
  if (outgoing) return "send"
  if (incoming) return "receive"
  if (approvals.length > 0) return "approve"
  return "execute"
}

/**
 * Who the address dealt with. A token transfer's transaction goes to the token contract, which is not
 * the counterparty: the recipient of what the address sent (or the sender of what it received) is. In
 * a swap the address sends one leg and receives the other; the counterparty is where the sent leg went.
 * A call moving nothing keeps the transaction's own ends (an approval: the token contract).
 */
const partiesOf = (normal: AccountApi.NormalTransaction | undefined, address: string, mine: ReadonlyArray<Movement>) => {
  const sent = mine.find((movement) => movement.from === address && movement.to !== address)
  if (sent !== undefined) return { sentFrom: address, sentTo: sent.to }
  const received = mine.find((movement) => movement.to === address && movement.from !== address)
  if (received !== undefined) return { sentFrom: received.from, sentTo: address }
  if (mine.length > 0 || normal === undefined) return { sentFrom: address, sentTo: address }
  return { sentFrom: normal.from.toLowerCase(), sentTo: normal.to.toLowerCase() }
}

export const make = (context: ViewContext) => {
  const nativeInfo = { name: context.native.name, symbol: context.native.symbol, icon: { url: nativeImageUrl(context.imageBase, context.native.symbol) } }

  const nativeMovement = (from: string, to: string, value: string): Movement => {
    const numeric = formatUnits(BigInt(value), context.native.decimals)
    return {
      from: from.toLowerCase(),
      to: to.toLowerCase(),
      describe: (direction) => ({
        fungible_info: nativeInfo,
        direction,
        quantity: { decimals: String(context.native.decimals), numeric },
        ...priced(context.prices, `${context.chainId}:native`, numeric)
      })
    }
  }

  /** What a transfer or approval shows of a token: the host's facts when it vouches for it, the contract's otherwise. */
  const fungibleInfo = (token: KnownToken) => {
    const icon = token.verified ? tokenImageUrl(context.imageBase, token.symbol) : unverifiedImageUrl(context.imageBase)
    return { name: token.name, symbol: token.symbol, icon: { url: icon }, flags: { verified: token.verified } }
  }

  const tokenMovement = Effect.fnUntraced(function*(record: AccountApi.TokenTransfer) {
    const vouched = yield* context.catalogue.vouched(record.contractAddress)
    const decimals = vouched?.decimals ?? (record.tokenDecimal === "" ? undefined : Number(record.tokenDecimal))
    const token: KnownToken = vouched ?? {
      name: contractText(record.tokenName, 60),
      symbol: contractText(record.tokenSymbol, 20),
      decimals: decimals ?? 0,
      verified: false
    }
    const numeric = decimals === undefined ? undefined : formatUnits(BigInt(record.value), decimals)
    const assetId = `${context.chainId}:${getAddress(record.contractAddress)}`
    return {
      from: record.from.toLowerCase(),
      to: record.to.toLowerCase(),
      describe: (direction: Direction): Transfer => ({
        fungible_info: fungibleInfo(token),
        direction,
        ...(numeric === undefined ? {} : { quantity: { decimals: String(decimals), numeric } }),
        ...(numeric === undefined || !token.verified ? {} : priced(context.prices, assetId, numeric))
      })
    } satisfies Movement
  })

  const nftMovement = Effect.fnUntraced(function*(record: AccountApi.NftTransfer | AccountApi.MultiTokenTransfer, sentByAddress: boolean) {
    const collection = context.collections.get(record.contractAddress.toLowerCase())
    const spam = collection?.spam ?? !sentByAddress
    const name = collection?.name ?? contractText(record.tokenName, 60)
    const image = spam || "tokenValue" in record ? undefined : yield* context.nftImage(record.contractAddress, BigInt(record.tokenID))
    const count = "tokenValue" in record ? record.tokenValue : "1"
    return {
      from: record.from.toLowerCase(),
      to: record.to.toLowerCase(),
      describe: (direction: Direction): Transfer => ({
        nft_info: {
          name: `${name} #${record.tokenID}`,
          flags: { is_spam: spam },
          contract: `${context.chainId}:${getAddress(record.contractAddress)}`,
          tokenId: record.tokenID,
          collection: name,
          ...(image === undefined ? {} : { imageUrl: image })
        },
        direction,
        quantity: { decimals: "0", numeric: count }
      })
    } satisfies Movement
  })

  /** The ERC-20 approval a successful `approve(spender, amount)` call made, if that is what the transaction was. */
  const approvalOf = Effect.fnUntraced(function*(normal: AccountApi.NormalTransaction | undefined) {
    if (normal === undefined || normal.isError === "1" || normal.to === "" || !normal.input.startsWith(approveSelector)) return []
    let args: readonly [string, bigint]
    try {
      const decoded = decodeFunctionData({ abi: erc20Abi, data: normal.input as `0x${string}` })
      if (decoded.functionName !== "approve") return []
      args = decoded.args
    } catch {
      return []
    }
    const [spender, amount] = args
    const [token] = yield* context.catalogue.describe([normal.to])
    const unlimited = amount === maxUint256
    return [{
      ...(token === undefined ? {} : { fungible_info: fungibleInfo(token) }),
      ...(unlimited || token === undefined ? {} : { quantity: { decimals: String(token.decimals), numeric: formatUnits(amount, token.decimals) } }),
      unlimited,
      spender: getAddress(spender)
    } satisfies Approval]
  })

  /** The transaction as `address` (lower-case) sees it. */
  const view = Effect.fnUntraced(function*(address: string, gathered: Gathered) {
    const { normal } = gathered
    const sentByAddress = normal?.from.toLowerCase() === address
    const succeeded = normal === undefined || (normal.isError === "0" && normal.txreceipt_status !== "0")
    const movements: Array<Movement> = []
    if (normal !== undefined && succeeded && normal.to !== "" && BigInt(normal.value) > 0n) movements.push(nativeMovement(normal.from, normal.to, normal.value))
    for (const internal of gathered.internal) {
      const to = internal.to === "" ? internal.contractAddress : internal.to
      if (internal.isError === "0" && to !== "" && BigInt(internal.value) > 0n) movements.push(nativeMovement(internal.from, to, internal.value))
    }
    for (const record of gathered.tokens) movements.push(yield* tokenMovement(record))
    for (const record of [...gathered.nfts, ...gathered.multiTokens]) movements.push(yield* nftMovement(record, sentByAddress))
    const mine = movements.filter((movement) => movement.from === address || movement.to === address)
    const transfers = mine.map((movement) => movement.describe(directionOf(address, movement.from, movement.to)))
    const approvals = sentByAddress ? yield* approvalOf(normal) : []
    const { sentFrom, sentTo } = partiesOf(normal, address, mine)
    const transaction: Transaction = {
      id: `${context.chainId}:${gathered.hash}`,
      metadata: {
        operationType: operationOf(normal !== undefined && normal.to === "", transfers, approvals),
        hash: gathered.hash,
        minedAt: DateTime.formatIso(DateTime.makeUnsafe(gathered.timeStamp * 1000)),
        sentFrom: getAddress(sentFrom),
        sentTo: sentTo === "" ? "" : getAddress(sentTo),
        status: succeeded ? "confirmed" : "failed",
        ...(normal === undefined ? {} : { nonce: Number(normal.nonce) }),
        chain: context.chainId
      },
      transfers,
      ...(approvals.length === 0 ? {} : { approvals })
    }
    return transaction
  })

  return { view }
}
