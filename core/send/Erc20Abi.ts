/**
 * The two `transfer` ABIs a send meets (spec §7 "Sending"): the ERC20 one that returns a bool, and the
 * USDT-style one that returns nothing. The calldata is the same; what differs is the answer a dry run
 * (eth_call) gets back, which tells which ABI the token follows.
 */
export const erc20TransferAbi = [
  {
    type: "function",
    name: "transfer",
    stateMutability: "nonpayable",
    inputs: [{ name: "to", type: "address" }, { name: "value", type: "uint256" }],
    outputs: [{ name: "", type: "bool" }]
  }
] as const

export const usdtTransferAbi = [
  {
    type: "function",
    name: "transfer",
    stateMutability: "nonpayable",
    inputs: [{ name: "to", type: "address" }, { name: "value", type: "uint256" }],
    outputs: []
  }
] as const

export type TransferAbi = "erc20" | "usdt"
