/**
 * What the demo site needs from the account the visitor connected through Portico, whatever its chain: the
 * account panel, the sign form and the send form read only this, so the EVM and Solana paths share every
 * component.
 */
export interface ConnectedAccount {
  readonly namespace: "eip155" | "solana"
  readonly walletName: string
  readonly walletIcon: string | undefined
  readonly address: string
  /** CAIP-2 id of the account's network. */
  readonly networkId: string
  /** Native balance read from the sandbox RPC: the exact decimal amount (all its digits) and its symbol. */
  readonly balance: () => Promise<{ readonly amount: string; readonly symbol: string }>
  readonly signMessage: (text: string) => Promise<string>
  /** Sends a small native transfer to another demo account; resolves with the confirmed transaction id. */
  readonly sendToDemoAccount: () => Promise<{ readonly id: string; readonly to: string; readonly amount: string }>
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)
