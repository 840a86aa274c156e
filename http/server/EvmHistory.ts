/**
 * Transaction history for EVM addresses, from an in-memory index built by reading the configured
 * chains through viem: each block once (its transactions, their receipts and Transfer logs), then
 * incrementally up to the latest block on every request. Suits the sandbox devnets and small chains;
 * a public chain needs a real indexer behind the same contract.
 *
 * A transaction belongs to an address when it sent it, received it, or moved a configured token or
 * collection to or from it. Transfers of unconfigured contracts are left out (their decimals and names
 * are unknown); NFTs of collections configured as spam carry `nft_info.flags.is_spam`. An NFT
 * names its contract (CAIP-10), token id, collection and the image of its tokenURI (NftImage.ts),
 * read once per token and kept in memory.
 */
import * as Effect from "effect/Effect"
import { BaseError, createPublicClient, decodeEventLog, erc20Abi, formatUnits, getAddress, http, HttpRequestError, parseAbi, TimeoutError, toEventSelector, type Log, type PublicClient } from "viem"
import { UpstreamUnavailable } from "../api/ApiError.ts"
import type { History } from "../../core/Transaction.ts"
import { priced, type PriceSource } from "./Balances.ts"
import * as NftImage from "./NftImage.ts"
import { defaults, type EvmChainOptions } from "./ServerOptions.ts"

export type HistoryEntry = History["data"][number]
type Transfer = HistoryEntry["transfers"][number]

/** How stale a history answer may be: the index asks the node for new blocks at most this often. */
export const syncIntervalMillis = 1_000

const transferTopic = toEventSelector("Transfer(address,address,uint256)")
const erc721TransferAbi = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)"])
const erc721MetadataAbi = parseAbi(["function tokenURI(uint256 tokenId) view returns (string)"])

/** A node that cannot be reached is retried on the next request; any other failure means no image. */
const isUnreachable = (error: unknown): boolean =>
  error instanceof BaseError && error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null

/** One movement, addresses lower-case, before it is seen from one address's side. */
interface Movement {
  readonly from: string
  readonly to: string
  readonly describe: (direction: NonNullable<Transfer["direction"]>) => Transfer
}

interface IndexedTransaction {
  readonly chainId: string
  readonly hash: string
  readonly from: string
  readonly to: string | null
  readonly nonce: number
  readonly status: "confirmed" | "failed"
  readonly minedAt: string
  readonly blockNumber: bigint
  readonly index: number
  readonly movements: ReadonlyArray<Movement>
}

const directionOf = (address: string, from: string, to: string): NonNullable<Transfer["direction"]> =>
  from === address && to === address ? "self" : from === address ? "out" : "in"

const operationOf = (transaction: IndexedTransaction, transfers: ReadonlyArray<Transfer>): string => {
  if (transaction.to === null) return "deploy"
  const outgoing = transfers.some((transfer) => transfer.direction === "out")
  const incoming = transfers.some((transfer) => transfer.direction === "in")
  if (outgoing && incoming) return "trade"
  if (outgoing) return "send"
  if (incoming) return "receive"
  return "execute"
}

/**
 * Who the address dealt with. A token transfer's transaction goes to the token contract, which is not
 * the counterparty: the recipient of what the address sent (or the sender of what it received) is. In
 * a swap the address sends one leg and receives the other; the transfers carry both legs and the
 * counterparty is where the sent leg went. A call moving nothing keeps the transaction's own ends.
 */
const partiesOf = (transaction: IndexedTransaction, address: string, mine: ReadonlyArray<Movement>) => {
  const sent = mine.find((movement) => movement.from === address && movement.to !== address)
  if (sent !== undefined) return { sentFrom: address, sentTo: sent.to }
  const received = mine.find((movement) => movement.to === address && movement.from !== address)
  if (received !== undefined) return { sentFrom: received.from, sentTo: address }
  if (mine.length > 0) return { sentFrom: address, sentTo: address }
  return { sentFrom: transaction.from, sentTo: transaction.to }
}

/** The transaction as `address` sees it, or undefined when it does not involve the address. */
const viewOf = (transaction: IndexedTransaction, address: string): HistoryEntry | undefined => {
  const mine = transaction.movements.filter((movement) => movement.from === address || movement.to === address)
  if (mine.length === 0 && transaction.from !== address && transaction.to !== address) return undefined
  const transfers = mine.map((movement) => movement.describe(directionOf(address, movement.from, movement.to)))
  const { sentFrom, sentTo } = partiesOf(transaction, address, mine)
  return {
    id: `${transaction.chainId}:${transaction.hash}`,
    metadata: {
      operationType: operationOf(transaction, transfers),
      hash: transaction.hash,
      minedAt: transaction.minedAt,
      sentFrom: getAddress(sentFrom),
      sentTo: sentTo === null ? "" : getAddress(sentTo),
      status: transaction.status,
      nonce: transaction.nonce,
      chain: transaction.chainId
    },
    transfers
  }
}

const chainIndex = (chain: EvmChainOptions, prices: PriceSource) => {
  const chainId = `eip155:${chain.chainId}`
  // cacheTime 0: viem would otherwise answer eth_blockNumber from a 4 s cache and miss new blocks.
  const client: PublicClient = createPublicClient({ cacheTime: 0, transport: http(chain.rpcUrl, { retryCount: 1 }) })
  const native = chain.nativeCurrency ?? defaults.nativeCurrency
  const tokens = new Map((chain.tokens ?? []).map((token) => [token.address.toLowerCase(), token]))
  const collections = new Map((chain.collections ?? []).map((collection) => [collection.address.toLowerCase(), collection]))
  const transactions: Array<IndexedTransaction> = []
  /** The accepted image of each token seen ("<contract>:<tokenId>"), read once. */
  const images = new Map<string, string | undefined>()
  let nextBlock = 0n
  let syncing: Promise<void> = Promise.resolve()

  const nativeMovement = (from: string, to: string, value: bigint): Movement => {
    const numeric = formatUnits(value, native.decimals)
    return {
      from,
      to,
      describe: (direction) => ({
        fungible_info: { name: native.name, symbol: native.symbol },
        direction,
        quantity: { decimals: String(native.decimals), numeric },
        ...priced(prices, `${chainId}:native`, numeric)
      })
    }
  }

  /** An ERC721 Transfer of a configured collection, decoded. */
  const nftTransferOf = (log: Log) => {
    const collection = collections.get(log.address.toLowerCase())
    if (collection === undefined || log.topics[0] !== transferTopic || log.topics.length !== 4) return undefined
    const { args } = decodeEventLog({ abi: erc721TransferAbi, eventName: "Transfer", topics: log.topics, data: log.data })
    return { collection, args }
  }

  const logMovement = (log: Log): Movement | undefined => {
    const contract = log.address.toLowerCase()
    if (log.topics[0] !== transferTopic) return undefined
    const token = tokens.get(contract)
    if (token !== undefined && log.topics.length === 3) {
      const { args } = decodeEventLog({ abi: erc20Abi, eventName: "Transfer", topics: log.topics, data: log.data })
      const numeric = formatUnits(args.value, token.decimals)
      return {
        from: args.from.toLowerCase(),
        to: args.to.toLowerCase(),
        describe: (direction) => ({
          fungible_info: { name: token.name, symbol: token.symbol },
          direction,
          quantity: { decimals: String(token.decimals), numeric },
          ...priced(prices, `${chainId}:${token.address}`, numeric)
        })
      }
    }
    const nft = nftTransferOf(log)
    if (nft !== undefined) {
      const { collection, args } = nft
      const image = images.get(`${contract}:${args.tokenId}`)
      return {
        from: args.from.toLowerCase(),
        to: args.to.toLowerCase(),
        describe: (direction) => ({
          nft_info: {
            name: `${collection.name} #${args.tokenId}`,
            flags: { is_spam: collection.spam },
            contract: `${chainId}:${getAddress(log.address)}`,
            tokenId: args.tokenId.toString(),
            collection: collection.name,
            ...(image === undefined ? {} : { imageUrl: image })
          },
          direction,
          quantity: { decimals: "0", numeric: "1" }
        })
      }
    }
    return undefined
  }

  /** Reads the images of the tokens `logs` move that were not read yet (before anything is indexed). */
  const readImages = async (logs: ReadonlyArray<Log>) => {
    const unread = new Map<string, { readonly address: Log["address"]; readonly tokenId: bigint }>()
    for (const log of logs) {
      const nft = nftTransferOf(log)
      const key = `${log.address.toLowerCase()}:${nft?.args.tokenId}`
      if (nft !== undefined && !images.has(key)) unread.set(key, { address: log.address, tokenId: nft.args.tokenId })
    }
    const read = await Promise.all([...unread].map(async ([key, { address, tokenId }]) => {
      const image = await client.readContract({ address, abi: erc721MetadataAbi, functionName: "tokenURI", args: [tokenId] }).then(
        NftImage.fromTokenUri,
        (error: unknown) => {
          if (isUnreachable(error)) throw error
          return undefined
        }
      )
      return [key, image] as const
    }))
    for (const [key, image] of read) images.set(key, image)
  }

  const indexUpTo = async (latest: bigint) => {
    if (latest < nextBlock) return
    const logs = await client.getLogs({ fromBlock: nextBlock, toBlock: latest })
    await readImages(logs)
    const logsByTransaction = new Map<string, Array<Log>>()
    for (const log of logs) {
      const hash = log.transactionHash ?? ""
      logsByTransaction.set(hash, [...(logsByTransaction.get(hash) ?? []), log])
    }
    for (let number = nextBlock; number <= latest; number++) {
      const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
      const minedAt = new Date(Number(block.timestamp) * 1000).toISOString()
      for (const [index, transaction] of block.transactions.entries()) {
        const receipt = await client.getTransactionReceipt({ hash: transaction.hash })
        const from = transaction.from.toLowerCase()
        const to = transaction.to?.toLowerCase() ?? null
        const movements = [
          ...(transaction.value > 0n && to !== null && receipt.status === "success" ? [nativeMovement(from, to, transaction.value)] : []),
          ...(logsByTransaction.get(transaction.hash) ?? []).flatMap((log) => logMovement(log) ?? [])
        ]
        transactions.push({
          chainId,
          hash: transaction.hash,
          from,
          to,
          nonce: transaction.nonce,
          status: receipt.status === "success" ? "confirmed" : "failed",
          minedAt,
          blockNumber: number,
          index,
          movements
        })
      }
      nextBlock = number + 1n
    }
  }

  /**
   * Catches the index up with the chain, at most once per `syncIntervalMillis`: reads in between share
   * the last sync (a second-old view) instead of each asking the node for its block number. A failed
   * sync is tried again by the next read.
   */
  let syncStarted = Number.NEGATIVE_INFINITY
  const sync = (): Promise<void> => {
    if (Date.now() - syncStarted < syncIntervalMillis) return syncing
    syncStarted = Date.now()
    syncing = syncing.catch(() => undefined).then(async () => indexUpTo(await client.getBlockNumber())).catch((error: unknown) => {
      syncStarted = Number.NEGATIVE_INFINITY
      throw error
    })
    return syncing
  }

  /** Indexes new blocks (one sync at a time), then answers the address's transactions, newest first. */
  const historyOf = async (address: string): Promise<ReadonlyArray<{ readonly entry: HistoryEntry; readonly order: readonly [string, bigint, number] }>> => {
    await sync()
    const owner = address.toLowerCase()
    return transactions.flatMap((transaction) => {
      const entry = viewOf(transaction, owner)
      return entry === undefined ? [] : [{ entry, order: [transaction.minedAt, transaction.blockNumber, transaction.index] as const }]
    })
  }

  return { chainId, historyOf }
}

export interface HistoryReader {
  readonly chains: ReadonlyArray<string>
  /** Every transaction of `address` on `chains`, newest first. */
  readonly read: (address: string, chains: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<HistoryEntry>, UpstreamUnavailable>
}

export const makeHistoryReader = (evm: ReadonlyArray<EvmChainOptions>, prices: PriceSource): HistoryReader => {
  const indexes = new Map(evm.map((chain) => chainIndex(chain, prices)).map((index) => [index.chainId, index]))
  return {
    chains: [...indexes.keys()],
    read: (address, chains) =>
      Effect.tryPromise({
        try: async () => {
          const perChain = await Promise.all(chains.flatMap((chain) => indexes.get(chain)?.historyOf(address) ?? []))
          return perChain
            .flat()
            .toSorted((a, b) => b.order[0].localeCompare(a.order[0]) || Number(b.order[1] - a.order[1]) || b.order[2] - a.order[2])
            .map(({ entry }) => entry)
        },
        catch: () => new UpstreamUnavailable({ message: `Could not read history on ${chains.join(", ")}` })
      })
  }
}
