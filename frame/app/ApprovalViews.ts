/**
 * What the approve panel shows, in words the visitor can check: amounts in the network's currency or the
 * token's units, calls said as what they do (EvmIntent.ts) beside the raw data, messages as text when
 * they are UTF-8. Long values are cut to what the panel shows, never dropped silently: `truncated` says
 * so, and the panel tells the visitor.
 */
import { formatUnits, hexToBytes, isHex } from "viem"
import { isUnlimited } from "../../core/UnlimitedAmount.ts"
import type { Intent } from "./EvmIntent.ts"
import * as NetworkNames from "./NetworkNames.ts"
import type { IntentView } from "./PanelChannel.ts"
import { amountIn, label, type TokenFacts } from "./TokenFacts.ts"

export interface Currency {
  readonly symbol: string
  readonly decimals: number
}

/** A text as the panel takes it: at most `length` characters, and whether it was cut. */
export interface Shown {
  readonly text: string
  readonly truncated: boolean
}

export const cut = (text: string, length: number): Shown =>
  text.length <= length ? { text, truncated: false } : { text: `${text.slice(0, length - 1)}…`, truncated: true }

/** `amount` base units in `currency`; in the namespace's base unit when the currency is not known. */
export const formatAmount = (amount: bigint, currency: Currency | undefined, namespace: "eip155" | "solana"): string =>
  currency === undefined
    ? `${amount.toString()} ${namespace === "eip155" ? "wei" : "lamports"}`
    : `${formatUnits(amount, currency.decimals)} ${currency.symbol}`

/** A message to sign as text when its bytes are printable UTF-8, else its hex. */
export const messageText = (message: string | Uint8Array): Shown => {
  const bytes = typeof message === "string" ? (isHex(message) ? hexToBytes(message) : undefined) : message
  if (bytes === undefined) return cut(typeof message === "string" ? message : "", 100_000)
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes)
    // Control characters other than line breaks and tabs would hide what is signed.
    // oxlint-disable-next-line no-control-regex
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) return cut(text, 100_000)
  } catch {
    // Not UTF-8: shown as hex below.
  }
  return cut(`0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`, 100_000)
}

/** Token ids (and amounts, ERC-1155) as one line: "#7", "#1 ×3, #2 ×5". */
const itemsOf = (ids: ReadonlyArray<bigint>, amounts: ReadonlyArray<bigint> | undefined): string =>
  cut(ids.map((id, index) => (amounts === undefined ? `#${id}` : `#${id} ×${amounts[index] ?? 0n}`)).join(", "), 2000).text

/** The intent in the panel's terms, the token named by what it said of itself on chain. */
export const intentView = (intent: Intent, token: TokenFacts): IntentView => {
  switch (intent.kind) {
    case "transfer":
      return { kind: "transfer", token: label(token), amount: amountIn(token, intent.amount), to: intent.to, ...(intent.from === undefined ? {} : { from: intent.from }) }
    case "approve":
      return { kind: "approve", token: label(token), spender: intent.spender, amount: amountIn(token, intent.amount), unlimited: isUnlimited(intent.amount) }
    case "nftApprove":
      return { kind: "nftApprove", token: label(token), spender: intent.spender, id: `#${intent.id}` }
    case "nftTransfer":
      return { kind: "nftTransfer", token: label(token), from: intent.from, to: intent.to, items: itemsOf(intent.ids, intent.amounts) }
    case "approvalForAll":
      return { kind: "approvalForAll", token: label(token), operator: intent.operator, approved: intent.approved }
  }
}

/** The first lines of every approval: the method, the network (named from the wallet's table) and the account. */
export const baseView = (method: string, chainId: string, from: string) => {
  const network = NetworkNames.nameOf(chainId)
  return { method, chainId, ...(network === undefined ? {} : { network }), from }
}
