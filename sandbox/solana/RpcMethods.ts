import {
  getBase58Encoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  type Address,
  type ReadonlyUint8Array
} from "@solana/kit"
import * as Schema from "effect/Schema"
import { Base58TooLarge, encodeAccount, type AccountEncoding, type DataSlice } from "./AccountEncoding.ts"
import { FINALIZATION_DEPTH, SLOTS_PER_EPOCH, type Chain, type DecodedTransaction } from "./Chain.ts"
import { INVALID_PARAMS, method, RpcError, type Method } from "./JsonRpc.ts"
import type { LedgerEntry } from "./Ledger.ts"
import { AccountEncodingParam as Encoding, AddressParam, Commitment, DataSliceParam, NonNegativeInt, SignatureParam } from "./RpcParams.ts"
import { decodeMint, decodeTokenAccount, isTokenProgram, uiTokenAmount } from "./TokenLayout.ts"
import { encodeTransaction } from "./TransactionEncoding.ts"

export const SOLANA_CORE_VERSION = "2.3.13"
const FEATURE_SET = 2_255_652_435
const LAMPORTS_PER_SIGNATURE = 5000n
const MAX_SIGNATURE_STATUSES = 256
const MAX_SIGNATURES_FOR_ADDRESS = 1000
const MAX_MULTIPLE_ACCOUNTS = 100
const TRANSACTION_SIMULATION_FAILED = -32002
const SIGNATURE_VERIFICATION_FAILURE = -32003
const UNSUPPORTED_TRANSACTION_VERSION = -32015
const MIN_CONTEXT_SLOT_NOT_REACHED = -32016

// ---- parameter schemas (positional params as tuples, trailing config objects optional) ----

const WireEncoding = Schema.Literals(["base58", "base64"])
const contextFields = { commitment: Schema.optionalKey(Commitment), minContextSlot: Schema.optionalKey(NonNegativeInt) }
const ContextConfig = Schema.Struct(contextFields)
const AccountConfig = Schema.Struct({ ...contextFields, encoding: Schema.optionalKey(Encoding), dataSlice: Schema.optionalKey(DataSliceParam) })
const Filter = Schema.Union([
  Schema.Struct({ dataSize: NonNegativeInt }),
  Schema.Struct({
    memcmp: Schema.Struct({ offset: NonNegativeInt, bytes: Schema.String, encoding: Schema.optionalKey(Schema.Literals(["base58", "base64"])) })
  })
])
const ProgramAccountsConfig = Schema.Struct({
  ...AccountConfig.fields,
  filters: Schema.optionalKey(Schema.Array(Filter)),
  withContext: Schema.optionalKey(Schema.Boolean)
})
const TokenAccountsFilter = Schema.Union([Schema.Struct({ mint: AddressParam }), Schema.Struct({ programId: AddressParam })])
const Empty = Schema.Tuple([])
const OnlyContext = Schema.Tuple([Schema.optionalKey(ContextConfig)])

type AccountConfig = typeof AccountConfig.Type
type Filter = typeof Filter.Type

/** The JSON-RPC methods of the devnet, each validated by its params schema. */
export const makeRpcMethods = (
  chain: Chain,
  airdrop: (recipient: Address, lamports: bigint) => Promise<string>
): Readonly<Record<string, Method>> => {
  const context = (config: { readonly minContextSlot?: number } | undefined) => {
    if (config?.minContextSlot !== undefined && config.minContextSlot > chain.slot) {
      throw new RpcError(MIN_CONTEXT_SLOT_NOT_REACHED, "Minimum context slot has not been reached", { contextSlot: chain.slot })
    }
    return { apiVersion: SOLANA_CORE_VERSION, slot: chain.slot }
  }
  const withContext = (config: { readonly minContextSlot?: number } | undefined, value: unknown) => ({ context: context(config), value })
  /** For methods that answer a bare value but still honour `minContextSlot`. */
  const bare = <A>(config: { readonly minContextSlot?: number } | undefined, value: A): A => {
    context(config)
    return value
  }
  const account = (address: string, config: AccountConfig | undefined) => {
    const found = chain.getAccount(address)
    return found === null ? null : encodeOrReject(found, config?.encoding ?? "binary", config?.dataSlice)
  }
  const encodeOrReject = (found: Parameters<typeof encodeAccount>[0], encoding: AccountEncoding, dataSlice: DataSlice | undefined) => {
    try {
      return encodeAccount(found, encoding, dataSlice, chain.decimalsOf)
    } catch (cause) {
      if (cause instanceof Base58TooLarge) throw new RpcError(INVALID_PARAMS, cause.message)
      throw cause
    }
  }
  const programAccounts = (programId: string, filters: ReadonlyArray<Filter>, config: AccountConfig | undefined) =>
    chain.svm
      .getProgramAccounts(programId as Address)
      .filter((found) => filters.every((filter) => matches(found.data, filter)))
      .map((found) => ({ pubkey: found.address, account: encodeOrReject(found, config?.encoding ?? "binary", config?.dataSlice) }))
  const tokenAccount = (address: string) => {
    const found = chain.getAccount(address)
    const token = found === null ? null : decodeTokenAccount(found.programAddress, found.data)
    const decimals = token === null ? null : chain.decimalsOf(token.mint)
    if (token === null || decimals === null) throw new RpcError(INVALID_PARAMS, "Invalid param: not a Token account")
    return uiTokenAmount(token.amount, decimals)
  }
  const status = (entry: LedgerEntry) => {
    const depth = chain.slot - entry.slot
    return {
      slot: entry.slot,
      confirmations: depth >= FINALIZATION_DEPTH ? null : depth,
      err: entry.err,
      status: entry.err === null ? { Ok: null } : { Err: entry.err },
      confirmationStatus: depth >= FINALIZATION_DEPTH ? "finalized" : "confirmed"
    }
  }
  const decodeWire = (text: string, encoding: "base58" | "base64"): DecodedTransaction => {
    try {
      const bytes = encoding === "base64" ? getBase64Encoder().encode(text) : getBase58Encoder().encode(text)
      return chain.decode(Uint8Array.from(bytes))
    } catch (cause) {
      throw new RpcError(
        INVALID_PARAMS,
        `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${cause instanceof Error ? cause.message : "invalid bytes"}`
      )
    }
  }
  const simulateOrReject = (decoded: DecodedTransaction, sigVerify: boolean) => {
    try {
      return chain.simulate(decoded, { sigVerify })
    } catch {
      // LiteSVM refuses a transaction with missing signatures before running it.
      throw new RpcError(SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure")
    }
  }

  return {
    getHealth: method(Empty, () => "ok"),
    getVersion: method(Empty, () => ({ "solana-core": SOLANA_CORE_VERSION, "feature-set": FEATURE_SET })),
    getGenesisHash: method(Empty, () => chain.genesisHash),
    getSlot: method(OnlyContext, ([config]) => bare(config, chain.slot)),
    getBlockHeight: method(OnlyContext, ([config]) => bare(config, chain.blockHeight)),
    getTransactionCount: method(OnlyContext, ([config]) => bare(config, chain.ledger.size)),
    getEpochInfo: method(OnlyContext, ([config]) =>
      bare(config, {
        absoluteSlot: chain.slot,
        blockHeight: chain.blockHeight,
        epoch: Math.floor(chain.slot / SLOTS_PER_EPOCH),
        slotIndex: chain.slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: chain.ledger.size
      })
    ),
    getLatestBlockhash: method(OnlyContext, ([config]) => withContext(config, chain.latestBlockhash())),
    isBlockhashValid: method(Schema.Tuple([Schema.String, Schema.optionalKey(ContextConfig)]), ([hash, config]) =>
      withContext(config, chain.isBlockhashValid(hash))
    ),
    getMinimumBalanceForRentExemption: method(Schema.Tuple([NonNegativeInt, Schema.optionalKey(ContextConfig)]), ([size]) =>
      chain.svm.minimumBalanceForRentExemption(BigInt(size))
    ),
    getFeeForMessage: method(Schema.Tuple([Schema.String, Schema.optionalKey(ContextConfig)]), ([message, config]) => {
      try {
        const compiled = getCompiledTransactionMessageDecoder().decode(getBase64Encoder().encode(message))
        return withContext(config, LAMPORTS_PER_SIGNATURE * BigInt(compiled.header.numSignerAccounts))
      } catch {
        throw new RpcError(INVALID_PARAMS, "Invalid param: invalid message")
      }
    }),
    getRecentPrioritizationFees: method(Schema.Tuple([Schema.optionalKey(Schema.Array(AddressParam))]), () => []),
    getBalance: method(Schema.Tuple([AddressParam, Schema.optionalKey(ContextConfig)]), ([address, config]) =>
      withContext(config, chain.getAccount(address)?.lamports ?? 0n)
    ),
    getAccountInfo: method(Schema.Tuple([AddressParam, Schema.optionalKey(AccountConfig)]), ([address, config]) =>
      withContext(config, account(address, config))
    ),
    getMultipleAccounts: method(
      Schema.Tuple([Schema.Array(AddressParam).check(Schema.isMaxLength(MAX_MULTIPLE_ACCOUNTS)), Schema.optionalKey(AccountConfig)]),
      ([addresses, config]) => withContext(config, addresses.map((address) => account(address, config)))
    ),
    getProgramAccounts: method(Schema.Tuple([AddressParam, Schema.optionalKey(ProgramAccountsConfig)]), ([programId, config]) => {
      const found = programAccounts(programId, config?.filters ?? [], config)
      return config?.withContext === true ? withContext(config, found) : bare(config, found)
    }),
    getTokenAccountsByOwner: method(
      Schema.Tuple([AddressParam, TokenAccountsFilter, Schema.optionalKey(AccountConfig)]),
      ([owner, filter, config]) => {
        const mintOwner = "mint" in filter ? chain.getAccount(filter.mint)?.programAddress : filter.programId
        if (mintOwner === undefined || !isTokenProgram(mintOwner)) {
          throw new RpcError(INVALID_PARAMS, "mint" in filter ? "Invalid param: could not find mint" : "Invalid param: unrecognized Token program id")
        }
        const ownerBytes = { memcmp: { offset: 32, bytes: owner } }
        const filters: ReadonlyArray<Filter> = "mint" in filter ? [ownerBytes, { memcmp: { offset: 0, bytes: filter.mint } }] : [ownerBytes]
        const found = programAccounts(mintOwner, filters, config).filter(({ pubkey }) => {
          const raw = chain.getAccount(pubkey)
          return raw !== null && decodeTokenAccount(raw.programAddress, raw.data) !== null
        })
        return withContext(config, found)
      }
    ),
    getTokenAccountBalance: method(Schema.Tuple([AddressParam, Schema.optionalKey(ContextConfig)]), ([address, config]) =>
      withContext(config, tokenAccount(address))
    ),
    getTokenSupply: method(Schema.Tuple([AddressParam, Schema.optionalKey(ContextConfig)]), ([address, config]) => {
      const found = chain.getAccount(address)
      const mint = found === null ? null : decodeMint(found.programAddress, found.data)
      if (mint === null) throw new RpcError(INVALID_PARAMS, "Invalid param: not a Token mint")
      return withContext(config, uiTokenAmount(mint.supply, mint.decimals))
    }),
    getSignatureStatuses: method(
      Schema.Tuple([
        Schema.Array(SignatureParam).check(Schema.isMaxLength(MAX_SIGNATURE_STATUSES)),
        Schema.optionalKey(Schema.Struct({ searchTransactionHistory: Schema.optionalKey(Schema.Boolean) }))
      ]),
      ([signatures]) =>
        withContext(undefined, signatures.map((signature) => {
          const entry = chain.ledger.get(signature)
          return entry === undefined ? null : status(entry)
        }))
    ),
    getSignaturesForAddress: method(
      Schema.Tuple([
        AddressParam,
        Schema.optionalKey(
          Schema.Struct({
            ...contextFields,
            limit: Schema.optionalKey(NonNegativeInt.check(Schema.isLessThanOrEqualTo(MAX_SIGNATURES_FOR_ADDRESS))),
            before: Schema.optionalKey(SignatureParam),
            until: Schema.optionalKey(SignatureParam)
          })
        )
      ]),
      ([address, config]) =>
        bare(
          config,
          chain.ledger
            .forAddress(address, {
              limit: config?.limit ?? MAX_SIGNATURES_FOR_ADDRESS,
              ...(config?.before === undefined ? {} : { before: config.before }),
              ...(config?.until === undefined ? {} : { until: config.until })
            })
            .map((entry) => ({
              signature: entry.signature,
              slot: entry.slot,
              err: entry.err,
              memo: null,
              blockTime: entry.blockTime,
              confirmationStatus: status(entry).confirmationStatus
            }))
        )
    ),
    getTransaction: method(
      Schema.Tuple([
        SignatureParam,
        Schema.optionalKey(
          Schema.Struct({
            commitment: Schema.optionalKey(Commitment),
            encoding: Schema.optionalKey(Schema.Literals(["json", "jsonParsed", "base58", "base64"])),
            maxSupportedTransactionVersion: Schema.optionalKey(Schema.Literal(0))
          })
        )
      ]),
      ([signature, config]) => {
        const entry = chain.ledger.get(signature)
        if (entry === undefined) return null
        if (entry.message.version === 0 && config?.maxSupportedTransactionVersion === undefined) {
          throw new RpcError(
            UNSUPPORTED_TRANSACTION_VERSION,
            'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0'
          )
        }
        return encodeTransaction(entry, config?.encoding ?? "json", config?.maxSupportedTransactionVersion !== undefined)
      }
    ),
    requestAirdrop: method(
      Schema.Tuple([AddressParam, NonNegativeInt.check(Schema.isGreaterThan(0)), Schema.optionalKey(ContextConfig)]),
      ([recipient, amount]) => airdrop(recipient as Address, BigInt(amount))
    ),
    simulateTransaction: method(
      Schema.Tuple([
        Schema.String,
        Schema.optionalKey(
          Schema.Struct({
            ...contextFields,
            encoding: Schema.optionalKey(WireEncoding),
            sigVerify: Schema.optionalKey(Schema.Boolean),
            replaceRecentBlockhash: Schema.optionalKey(Schema.Boolean),
            innerInstructions: Schema.optionalKey(Schema.Boolean),
            accounts: Schema.optionalKey(Schema.Struct({ addresses: Schema.Array(AddressParam), encoding: Schema.optionalKey(Encoding) }))
          })
        )
      ]),
      ([wire, config]) => {
        const sigVerify = config?.sigVerify ?? false
        const replace = config?.replaceRecentBlockhash ?? false
        if (sigVerify && replace) throw new RpcError(INVALID_PARAMS, "sigVerify may not be used with replaceRecentBlockhash")
        const decoded = decodeWire(wire, config?.encoding ?? "base58")
        const ctx = context(config)
        if (!replace && !chain.hasValidLifetime(decoded)) {
          return {
            context: ctx,
            value: { err: "BlockhashNotFound", logs: [], accounts: null, unitsConsumed: 0, returnData: null, innerInstructions: null, replacementBlockhash: null }
          }
        }
        const outcome = simulateOrReject(decoded, sigVerify)
        if (sigVerify && outcome.err === "SignatureFailure") {
          throw new RpcError(SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure")
        }
        const accounts = config?.accounts
        return {
          context: ctx,
          value: {
            err: outcome.err,
            logs: outcome.logs,
            accounts:
              accounts === undefined
                ? null
                : accounts.addresses.map((address) => {
                    const post = outcome.postAccounts.get(address) ?? chain.getAccount(address)
                    return post === null ? null : encodeOrReject(post, accounts.encoding ?? "base64", undefined)
                  }),
            unitsConsumed: outcome.unitsConsumed,
            returnData: outcome.returnData,
            innerInstructions: config?.innerInstructions === true ? outcome.innerInstructions : null,
            replacementBlockhash: replace ? chain.latestBlockhash() : null
          }
        }
      }
    ),
    sendTransaction: method(
      Schema.Tuple([
        Schema.String,
        Schema.optionalKey(
          Schema.Struct({
            encoding: Schema.optionalKey(WireEncoding),
            skipPreflight: Schema.optionalKey(Schema.Boolean),
            preflightCommitment: Schema.optionalKey(Commitment),
            maxRetries: Schema.optionalKey(NonNegativeInt),
            minContextSlot: Schema.optionalKey(NonNegativeInt)
          })
        )
      ]),
      ([wire, config]) => {
        const decoded = decodeWire(wire, config?.encoding ?? "base58")
        context(config)
        const lifetimeValid = chain.hasValidLifetime(decoded)
        const outcome = lifetimeValid ? simulateOrReject(decoded, true) : null
        if (outcome?.err === "SignatureFailure") {
          throw new RpcError(SIGNATURE_VERIFICATION_FAILURE, "Transaction signature verification failure")
        }
        const err = outcome === null ? "BlockhashNotFound" : outcome.err
        if (config?.skipPreflight !== true && err !== null) {
          throw new RpcError(TRANSACTION_SIMULATION_FAILED, `Transaction simulation failed: ${describeError(err)}`, {
            err,
            logs: outcome?.logs ?? [],
            accounts: null,
            unitsConsumed: outcome?.unitsConsumed ?? 0n,
            returnData: outcome?.returnData ?? null,
            innerInstructions: null,
            replacementBlockhash: null
          })
        }
        // A leader drops what cannot pay or has no valid lifetime; instruction failures land and pay their fee.
        if (err === null || typeof err !== "string") chain.execute(decoded)
        return decoded.signature
      }
    )
  }
}

const matches = (data: ReadonlyUint8Array, filter: Filter): boolean => {
  if ("dataSize" in filter) return data.length === filter.dataSize
  const { offset, bytes, encoding } = filter.memcmp
  const expected = encoding === "base64" ? getBase64Encoder().encode(bytes) : getBase58Encoder().encode(bytes)
  if (offset + expected.length > data.length) return false
  return expected.every((byte, index) => data[offset + index] === byte)
}

const describeError = (err: unknown): string => {
  if (err === "BlockhashNotFound") return "Blockhash not found"
  if (typeof err === "string") return err
  if (typeof err === "object" && err !== null && "InstructionError" in err && Array.isArray(err.InstructionError)) {
    const [index, detail] = err.InstructionError
    const text = typeof detail === "object" && detail !== null && "Custom" in detail ? `custom program error: 0x${Number(detail.Custom).toString(16)}` : String(detail)
    return `Error processing Instruction ${index}: ${text}`
  }
  return JSON.stringify(err)
}

