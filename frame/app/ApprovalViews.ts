/**
 * What the approve panel shows, in words the visitor can check: amounts in the network's currency,
 * calldata decoded when it is a known call (ERC-20's functions, with viem's `decodeFunctionData` and
 * `erc20Abi`) and raw beside it, messages as text when they are UTF-8. Long values are cut to what the
 * panel shows, never dropped.
 */
import { decodeFunctionData, erc20Abi, formatUnits, hexToBytes, isHex, type Hex } from "viem"
import type { DecodedCall, TransactionView } from "./PanelChannel.ts"

export interface Currency {
  readonly symbol: string
  readonly decimals: number
}

const cut = (text: string, length: number): string => (text.length <= length ? text : `${text.slice(0, length - 1)}…`)

/** `amount` base units in `currency`; in the namespace's base unit when the currency is not known. */
export const formatAmount = (amount: bigint, currency: Currency | undefined, namespace: "eip155" | "solana"): string =>
  currency === undefined
    ? `${amount.toString()} ${namespace === "eip155" ? "wei" : "lamports"}`
    : `${formatUnits(amount, currency.decimals)} ${currency.symbol}`

const argText = (value: unknown): string =>
  typeof value === "bigint" ? value.toString() : typeof value === "string" ? value : JSON.stringify(value, (_, inner: unknown) => (typeof inner === "bigint" ? inner.toString() : inner)) ?? ""

/** The call's function and named arguments when `data` is an ERC-20 call, else undefined (shown raw). */
export const decodeCall = (data: Hex): DecodedCall | undefined => {
  try {
    const decoded = decodeFunctionData({ abi: erc20Abi, data })
    const inputs = erc20Abi.find((item) => item.type === "function" && item.name === decoded.functionName)?.inputs ?? []
    const args = decoded.args ?? []
    return {
      functionName: decoded.functionName,
      args: args.map((value, index) => ({ name: inputs[index]?.name ?? `#${index}`, value: cut(argText(value), 2000) }))
    }
  } catch {
    // Not an ERC-20 selector, or arguments that do not decode as one: the raw data is what there is.
    return undefined
  }
}

/** A message to sign as text when its bytes are printable UTF-8, else its hex. */
export const messageText = (message: string | Uint8Array): string => {
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

export const transactionView = (
  transaction: { readonly to?: string | undefined; readonly value?: bigint | undefined; readonly data?: Hex | undefined },
  currency: Currency | undefined
): TransactionView => {
  const decoded = transaction.data === undefined || transaction.data === "0x" ? undefined : decodeCall(transaction.data)
  return {
    ...(transaction.to === undefined ? {} : { to: transaction.to }),
    value: formatAmount(transaction.value ?? 0n, currency, "eip155"),
    ...(transaction.data === undefined || transaction.data === "0x" ? {} : { data: cut(transaction.data, 100_000) }),
    ...(decoded === undefined ? {} : { decoded })
  }
}
