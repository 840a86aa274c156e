/**
 * The sandbox explorer's index of one devnet, built the way an explorer's indexer builds it: every block
 * read over JSON-RPC (the block, each transaction's receipt, and a call trace of each contract call for
 * the value moved inside it), kept as the account API's records per address, oldest first. New blocks
 * are read before a question is answered (one catch-up at a time, at most every `syncIntervalMillis`).
 */
import { createPublicClient, decodeEventLog, getAddress, http, parseAbi, toEventSelector, toFunctionSelector, type Log, type PublicClient } from "viem"
import type * as AccountApi from "../../http/server/explorer/AccountApi.ts"

/** The records an address appears in, oldest first, by list action. */
export type AddressRecords = { readonly [A in AccountApi.Action]: Array<AccountApi.RecordOf[A]> }

export interface ChainIndex {
  readonly chainId: number
  /** Reads the blocks mined since the last read. */
  readonly sync: () => Promise<void>
  /** The latest block indexed. */
  readonly head: () => number
  readonly recordsOf: (address: string) => AddressRecords | undefined
}

/** A question waits for blocks mined up to this long before it. */
export const syncIntervalMillis = 250

const transferTopic = toEventSelector("Transfer(address,address,uint256)")
const singleTopic = toEventSelector("TransferSingle(address,address,address,uint256,uint256)")
const batchTopic = toEventSelector("TransferBatch(address,address,address,uint256[],uint256[])")
const eventsAbi = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)",
  "event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)"
])
const approveSelector = toFunctionSelector("approve(address,uint256)")
const nftTransferAbi = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)"])
const metadataAbi = parseAbi(["function name() view returns (string)", "function symbol() view returns (string)", "function decimals() view returns (uint8)"])

/** A frame of the callTracer's answer. */
interface CallFrame {
  readonly type: string
  readonly from: string
  readonly to?: string
  readonly value?: string
  readonly error?: string
  readonly calls?: ReadonlyArray<CallFrame>
}

interface TokenFacts {
  readonly tokenName: string
  readonly tokenSymbol: string
  readonly tokenDecimal: string
}

/** Value moved by calls inside a transaction (never the outer call: that is the transaction's own value). */
const internalTransfers = (frame: CallFrame, failed: boolean): ReadonlyArray<{ readonly frame: CallFrame; readonly failed: boolean }> =>
  (frame.calls ?? []).flatMap((call) => {
    const callFailed = failed || call.error !== undefined
    const moved = call.value !== undefined && BigInt(call.value) > 0n ? [{ frame: call, failed: callFailed }] : []
    return [...moved, ...internalTransfers(call, callFailed)]
  })

const emptyRecords = (): AddressRecords => ({ txlist: [], txlistinternal: [], tokentx: [], tokennfttx: [], token1155tx: [] })

export const make = (chainId: number, rpcUrl: string): ChainIndex => {
  // cacheTime 0: viem would otherwise answer eth_blockNumber from a 4 s cache and miss new blocks.
  const client: PublicClient = createPublicClient({ cacheTime: 0, transport: http(rpcUrl, { batch: true, retryCount: 1 }) })
  const byAddress = new Map<string, AddressRecords>()
  const facts = new Map<string, TokenFacts>()
  let nextBlock = 0n
  let syncing: Promise<void> = Promise.resolve()
  let syncStarted = Number.NEGATIVE_INFINITY

  const add = <A extends AccountApi.Action>(action: A, record: AccountApi.RecordOf[A], ...addresses: ReadonlyArray<string>) => {
    for (const address of new Set(addresses.filter((candidate) => candidate !== "").map((candidate) => candidate.toLowerCase()))) {
      const records = byAddress.get(address) ?? emptyRecords()
      byAddress.set(address, records)
      records[action].push(record)
    }
  }

  /** A token's name, symbol and decimals, read once ("0" decimals for an NFT collection). */
  const factsOf = async (contract: string): Promise<TokenFacts> => {
    const known = facts.get(contract)
    if (known !== undefined) return known
    const address = getAddress(contract)
    const [name, symbol, decimals] = await Promise.all(
      (["name", "symbol", "decimals"] as const).map((functionName) =>
        client.readContract({ address, abi: metadataAbi, functionName }).then((value) => String(value), () => ""))
    )
    const read = { tokenName: name ?? "", tokenSymbol: symbol ?? "", tokenDecimal: decimals === "" ? "0" : decimals ?? "0" }
    facts.set(contract, read)
    return read
  }

  const indexLogs = async (logs: ReadonlyArray<Log>, common: { readonly blockNumber: string; readonly timeStamp: string; readonly hash: string; readonly transactionIndex: string }) => {
    for (const log of logs) {
      const [topic] = log.topics
      const contract = log.address.toLowerCase()
      const base = { ...common, contractAddress: getAddress(contract), logIndex: String(log.logIndex ?? 0) }
      if (topic === transferTopic && log.topics.length === 3) {
        const { args } = decodeEventLog({ abi: eventsAbi, eventName: "Transfer", topics: log.topics, data: log.data })
        const token = await factsOf(contract)
        add("tokentx", { ...base, ...token, from: getAddress(args.from), to: getAddress(args.to), value: args.value.toString() }, args.from, args.to)
      } else if (topic === transferTopic && log.topics.length === 4) {
        const { args } = decodeEventLog({ abi: nftTransferAbi, eventName: "Transfer", topics: log.topics, data: log.data })
        const { tokenName, tokenSymbol } = await factsOf(contract)
        const record: AccountApi.NftTransfer & { readonly tokenDecimal: string } = {
          ...base, tokenName, tokenSymbol, tokenDecimal: "0", from: getAddress(args.from), to: getAddress(args.to), tokenID: args.tokenId.toString()
        }
        add("tokennfttx", record, args.from, args.to)
      } else if (topic === singleTopic || topic === batchTopic) {
        const { tokenName, tokenSymbol } = await factsOf(contract)
        const decoded = decodeEventLog({ abi: eventsAbi, topics: log.topics, data: log.data })
        const moves = decoded.eventName === "TransferSingle"
          ? [{ id: decoded.args.id, value: decoded.args.value, from: decoded.args.from, to: decoded.args.to }]
          : decoded.eventName === "TransferBatch"
          ? decoded.args.ids.map((id, position) => ({ id, value: decoded.args.values[position] ?? 0n, from: decoded.args.from, to: decoded.args.to }))
          : []
        for (const move of moves) {
          add("token1155tx", { ...base, tokenName, tokenSymbol, from: getAddress(move.from), to: getAddress(move.to), tokenID: move.id.toString(), tokenValue: move.value.toString() }, move.from, move.to)
        }
      }
    }
  }

  const indexBlock = async (number: bigint) => {
    const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
    const receipts = await Promise.all(block.transactions.map((transaction) => client.getTransactionReceipt({ hash: transaction.hash })))
    const traces = await Promise.all(block.transactions.map((transaction) =>
      transaction.to === null || transaction.input === "0x"
        ? Promise.resolve(undefined)
        : client.request({ method: "debug_traceTransaction", params: [transaction.hash, { tracer: "callTracer" }] } as never) as Promise<CallFrame>
    ))
    for (const [position, transaction] of block.transactions.entries()) {
      const receipt = receipts[position]
      if (receipt === undefined) continue
      const common = { blockNumber: String(number), timeStamp: String(block.timestamp), hash: transaction.hash, transactionIndex: String(position) }
      const failed = receipt.status !== "success"
      const methodId = transaction.input.length >= 10 ? transaction.input.slice(0, 10) : "0x"
      add("txlist", {
        ...common,
        nonce: String(transaction.nonce),
        blockHash: block.hash,
        from: getAddress(transaction.from),
        to: transaction.to === null ? "" : getAddress(transaction.to),
        value: transaction.value.toString(),
        gas: transaction.gas.toString(),
        gasPrice: (receipt.effectiveGasPrice ?? 0n).toString(),
        isError: failed ? "1" : "0",
        txreceipt_status: failed ? "0" : "1",
        input: transaction.input,
        contractAddress: receipt.contractAddress === null || receipt.contractAddress === undefined ? "" : getAddress(receipt.contractAddress),
        cumulativeGasUsed: receipt.cumulativeGasUsed.toString(),
        gasUsed: receipt.gasUsed.toString(),
        methodId,
        functionName: methodId === approveSelector ? "approve(address spender, uint256 value)" : ""
      } as AccountApi.NormalTransaction, transaction.from, transaction.to ?? "")
      const trace = traces[position]
      if (trace !== undefined) {
        for (const { frame, failed: callFailed } of internalTransfers(trace, failed)) {
          const created = frame.type.startsWith("CREATE")
          add("txlistinternal", {
            blockNumber: common.blockNumber,
            timeStamp: common.timeStamp,
            hash: transaction.hash,
            from: getAddress(frame.from),
            to: created || frame.to === undefined ? "" : getAddress(frame.to),
            value: BigInt(frame.value ?? "0").toString(),
            contractAddress: created && frame.to !== undefined ? getAddress(frame.to) : "",
            type: frame.type.toLowerCase(),
            isError: callFailed ? "1" : "0"
          } as AccountApi.InternalTransaction, frame.from, frame.to ?? "")
        }
      }
      if (!failed) await indexLogs(receipt.logs, common)
    }
  }

  const indexUpTo = async (latest: bigint) => {
    for (let number = nextBlock; number <= latest; number++) {
      await indexBlock(number)
      nextBlock = number + 1n
    }
  }

  return {
    chainId,
    sync: () => {
      const now = performance.now()
      if (now - syncStarted < syncIntervalMillis) return syncing
      syncStarted = now
      syncing = syncing.catch(() => undefined).then(async () => indexUpTo(await client.getBlockNumber())).catch((error: unknown) => {
        syncStarted = Number.NEGATIVE_INFINITY
        throw error
      })
      return syncing
    },
    head: () => Number(nextBlock) - 1,
    recordsOf: (address) => byAddress.get(address.toLowerCase())
  }
}
