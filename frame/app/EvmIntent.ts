/**
 * What an EVM call does, in the terms a visitor checks (docs/embedded-wallet.md "Readable approvals"):
 * token transfers and approvals of ERC-20, ERC-721 and ERC-1155, decoded with viem's ABIs. Amounts are in
 * base units here; TokenFacts.ts reads the token's symbol and decimals on chain to say them in token units.
 * An approval of the largest amounts (2^256 − 1, or anything at or above 2^255, which no balance reaches)
 * is unlimited (core/UnlimitedAmount.ts), and `setApprovalForAll` hands over a whole collection: both are flagged by the panel.
 */
import { decodeFunctionData, erc20Abi, erc721Abi, type Address, type Hex } from "viem"

/** ERC-1155's transfer and approval functions (viem has no ABI constant for it). */
const erc1155Abi = [
  {
    type: "function",
    name: "safeTransferFrom",
    stateMutability: "nonpayable",
    inputs: [{ name: "from", type: "address" }, { name: "to", type: "address" }, { name: "id", type: "uint256" }, { name: "value", type: "uint256" }, { name: "data", type: "bytes" }],
    outputs: []
  },
  {
    type: "function",
    name: "safeBatchTransferFrom",
    stateMutability: "nonpayable",
    inputs: [{ name: "from", type: "address" }, { name: "to", type: "address" }, { name: "ids", type: "uint256[]" }, { name: "values", type: "uint256[]" }, { name: "data", type: "bytes" }],
    outputs: []
  }
] as const

export type Intent =
  | { readonly kind: "transfer"; readonly token: Address; readonly from?: Address; readonly to: Address; readonly amount: bigint }
  | { readonly kind: "approve"; readonly token: Address; readonly spender: Address; readonly amount: bigint }
  | { readonly kind: "nftApprove"; readonly token: Address; readonly spender: Address; readonly id: bigint }
  | { readonly kind: "nftTransfer"; readonly token: Address; readonly from: Address; readonly to: Address; readonly ids: ReadonlyArray<bigint>; readonly amounts?: ReadonlyArray<bigint> }
  | { readonly kind: "approvalForAll"; readonly token: Address; readonly operator: Address; readonly approved: boolean }

const decodeWith = <const A extends ReadonlyArray<unknown>>(abi: A, data: Hex) => {
  try {
    return decodeFunctionData({ abi: abi as never, data }) as { readonly functionName: string; readonly args: ReadonlyArray<unknown> }
  } catch {
    // Not one of this ABI's selectors, or arguments that do not decode as them.
    return undefined
  }
}

/**
 * What calling `token` with `data` does, or undefined when it is none of the calls above (the panel then
 * says the call could not be read and shows the raw data). ERC-20 and ERC-721 share `transferFrom` and
 * `approve`: their arguments decode alike, so `transferFrom` is read as ERC-20 when the token says it has
 * decimals (TokenFacts decides), which the caller passes as `fungible`; so is `approve` (an amount, or
 * one token of a collection).
 */
export const decode = (token: Address, data: Hex, fungible: boolean): Intent | undefined => {
  const erc20 = decodeWith(erc20Abi, data)
  if (erc20 !== undefined) {
    const args = erc20.args
    switch (erc20.functionName) {
      case "transfer":
        return { kind: "transfer", token, to: args[0] as Address, amount: args[1] as bigint }
      case "transferFrom":
        return fungible
          ? { kind: "transfer", token, from: args[0] as Address, to: args[1] as Address, amount: args[2] as bigint }
          : { kind: "nftTransfer", token, from: args[0] as Address, to: args[1] as Address, ids: [args[2] as bigint] }
      case "approve":
        return fungible
          ? { kind: "approve", token, spender: args[0] as Address, amount: args[1] as bigint }
          : { kind: "nftApprove", token, spender: args[0] as Address, id: args[1] as bigint }
    }
  }
  const erc721 = decodeWith(erc721Abi, data)
  if (erc721 !== undefined) {
    const args = erc721.args
    if (erc721.functionName === "safeTransferFrom") return { kind: "nftTransfer", token, from: args[0] as Address, to: args[1] as Address, ids: [args[2] as bigint] }
    if (erc721.functionName === "setApprovalForAll") return { kind: "approvalForAll", token, operator: args[0] as Address, approved: args[1] as boolean }
  }
  const erc1155 = decodeWith(erc1155Abi, data)
  if (erc1155 !== undefined) {
    const args = erc1155.args
    if (erc1155.functionName === "safeTransferFrom") {
      return { kind: "nftTransfer", token, from: args[0] as Address, to: args[1] as Address, ids: [args[2] as bigint], amounts: [args[3] as bigint] }
    }
    return { kind: "nftTransfer", token, from: args[0] as Address, to: args[1] as Address, ids: args[2] as ReadonlyArray<bigint>, amounts: args[3] as ReadonlyArray<bigint> }
  }
  return undefined
}
