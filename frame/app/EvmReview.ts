/**
 * The approve panel's view of EVM transactions and typed data (docs/embedded-wallet.md "Readable
 * approvals"): each call said as what it does, with the tokens' symbols and decimals read on chain; the
 * node's simulation of what the account gains and loses (or that it could not be simulated); a Permit or
 * Permit2 signature explained as the spending permission it is.
 */
import * as Effect from "effect/Effect"
import { isAddress, isAddressEqual, type Address } from "viem"
import { isUnlimited } from "../../core/UnlimitedAmount.ts"
import type { EvmTransaction } from "../custody/EvmSigner.ts"
import { cut, formatAmount, intentView, type Currency } from "./ApprovalViews.ts"
import type { ChainClient } from "./ChainClient.ts"
import * as EvmIntent from "./EvmIntent.ts"
import * as EvmSimulation from "./EvmSimulation.ts"
import type { PermitView, SimulationView, TransactionView } from "./PanelChannel.ts"
import * as TokenFacts from "./TokenFacts.ts"

export interface Reviewed {
  readonly transactions: ReadonlyArray<TransactionView>
  readonly simulation: SimulationView
  readonly truncated: boolean
}

const signed = (amount: bigint, text: string): string => (amount > 0n ? `+${text}` : `−${text.replace(/^-/, "")}`)

/** One transaction as the panel shows it. */
const transactionView = (chain: ChainClient["Service"], chainId: string, transaction: EvmTransaction, currency: Currency | undefined) =>
  Effect.gen(function*() {
    const data = transaction.data === undefined || transaction.data === "0x" ? undefined : cut(transaction.data, 100_000)
    const base = {
      ...(transaction.to === undefined || transaction.to === null ? {} : { to: transaction.to }),
      value: formatAmount(transaction.value ?? 0n, currency, "eip155"),
      ...(data === undefined ? {} : { data: data.text })
    }
    if (transaction.to === undefined || transaction.to === null || transaction.data === undefined || data === undefined) return { view: base, truncated: data?.truncated ?? false }
    const token = yield* TokenFacts.facts(chain, chainId, transaction.to)
    const intent = EvmIntent.decode(transaction.to, transaction.data, token.decimals !== undefined)
    return { view: intent === undefined ? base : { ...base, intent: intentView(intent, token) }, truncated: data.truncated }
  })

/** The simulation's changes in the assets' own units. */
const simulationView = (chain: ChainClient["Service"], chainId: string, outcome: EvmSimulation.Outcome, currency: Currency | undefined) =>
  Effect.gen(function*() {
    if (outcome.status !== "done") return outcome satisfies SimulationView
    const changes = yield* Effect.forEach(outcome.changes.slice(0, 64), (change) =>
      Effect.gen(function*() {
        if (isAddressEqual(change.asset, EvmSimulation.etherAddress)) {
          return { asset: currency?.symbol ?? "ETH", amount: signed(change.amount, formatAmount(change.amount < 0n ? -change.amount : change.amount, currency, "eip155")) }
        }
        const token = yield* TokenFacts.facts(chain, chainId, change.asset)
        const magnitude = change.amount < 0n ? -change.amount : change.amount
        const amount = change.id === undefined ? TokenFacts.amountIn(token, magnitude) : `${magnitude} × #${change.id}`
        return { asset: TokenFacts.label(token), amount: signed(change.amount, amount) }
      }), { concurrency: 4 })
    return { status: "done", changes } satisfies SimulationView
  })

export const review = (chain: ChainClient["Service"], chainId: string, from: Address, transactions: ReadonlyArray<EvmTransaction>, currency: Currency | undefined) =>
  Effect.gen(function*() {
    const [views, outcome] = yield* Effect.all([
      Effect.forEach(transactions, (transaction) => transactionView(chain, chainId, transaction, currency), { concurrency: 4 }),
      EvmSimulation.simulate(chain, chainId, from, transactions)
    ], { concurrency: 2 })
    return {
      transactions: views.map((entry) => entry.view),
      simulation: yield* simulationView(chain, chainId, outcome, currency),
      truncated: views.some((entry) => entry.truncated)
    } satisfies Reviewed
  })

/** A number, a decimal or a hex string in typed data, as a bigint (undefined when it is none of them). */
const integer = (value: unknown): bigint | undefined => {
  if (typeof value === "bigint") return value
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === "string" && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)) return BigInt(value)
  return undefined
}

const record = (value: unknown): Readonly<Record<string, unknown>> => (typeof value === "object" && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : {})

/** Seconds since 1970 as a date the visitor reads (UTC); 0 or the largest values mean never. */
const until = (seconds: bigint | undefined): string | undefined => {
  if (seconds === undefined) return undefined
  if (seconds === 0n || seconds >= 2n ** 47n) return "∞"
  return new Date(Number(seconds) * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC")
}

interface Grant {
  readonly kind: PermitView["kind"]
  readonly token: unknown
  readonly spender: unknown
  readonly amount: bigint | undefined
  readonly deadline: bigint | undefined
}

/** The spending permissions a typed data message grants, as Permit (EIP-2612, DAI) or Permit2 (Uniswap) define them. */
const grantsOf = (typedData: { readonly primaryType: string; readonly domain: Readonly<Record<string, unknown>>; readonly message: Readonly<Record<string, unknown>> }): ReadonlyArray<Grant> => {
  const { primaryType, domain, message } = typedData
  const permit2 = domain["name"] === "Permit2"
  if (!permit2 && primaryType === "Permit") {
    // DAI's permit says `allowed` (all or nothing) where EIP-2612 says `value`.
    const amount = "allowed" in message ? (message["allowed"] === true ? 2n ** 256n - 1n : 0n) : integer(message["value"])
    return [{ kind: "permit", token: domain["verifyingContract"], spender: message["spender"], amount, deadline: integer(message["deadline"] ?? message["expiry"]) }]
  }
  if (!permit2) return []
  const spender = message["spender"]
  const deadline = integer(message["sigDeadline"] ?? message["deadline"])
  const details = primaryType === "PermitSingle" ? [message["details"]] : primaryType === "PermitBatch" ? message["details"] : undefined
  if (Array.isArray(details)) {
    return details.map((detail) => {
      const entry = record(detail)
      return { kind: "permit2", token: entry["token"], spender, amount: integer(entry["amount"]), deadline: integer(entry["expiration"]) ?? deadline }
    })
  }
  const permitted = primaryType === "PermitTransferFrom" || primaryType === "PermitWitnessTransferFrom"
    ? [message["permitted"]]
    : primaryType === "PermitBatchTransferFrom" || primaryType === "PermitBatchWitnessTransferFrom"
    ? message["permitted"]
    : []
  return (Array.isArray(permitted) ? permitted : []).map((entry) => ({ kind: "permit2", token: record(entry)["token"], spender, amount: integer(record(entry)["amount"]), deadline }))
}

export const permits = (
  chain: ChainClient["Service"],
  chainId: string,
  typedData: { readonly primaryType: string; readonly domain: Readonly<Record<string, unknown>>; readonly message: Readonly<Record<string, unknown>> }
): Effect.Effect<ReadonlyArray<PermitView>> =>
  Effect.forEach(grantsOf(typedData).slice(0, 64), (grant) =>
    Effect.gen(function*() {
      const token = typeof grant.token === "string" && isAddress(grant.token) ? yield* TokenFacts.facts(chain, chainId, grant.token) : undefined
      const amount = grant.amount ?? 0n
      const spender = typeof grant.spender === "string" ? grant.spender.slice(0, 64) : "?"
      const shown = token === undefined ? amount.toString() : TokenFacts.amountIn(token, amount)
      const expires = until(grant.deadline)
      return {
        kind: grant.kind,
        token: token === undefined ? String(grant.token).slice(0, 200) : TokenFacts.label(token),
        spender,
        amount: shown,
        // Permit2's amounts are uint160: its largest is as unlimited as uint256's.
        unlimited: isUnlimited(amount) || amount >= 2n ** 159n,
        ...(expires === undefined ? {} : { until: expires })
      } satisfies PermitView
    }), { concurrency: 4 })

