/**
 * What the demo site needs from a connected wallet, whatever its chain: the account panel, the sign form and
 * the send form read only this, so the EVM and Solana paths share every component.
 */
export interface ConnectedAccount {
  readonly namespace: "eip155" | "solana"
  readonly walletName: string
  readonly walletIcon: string
  readonly address: string
  /** The network's name, or its raw id when the sandbox does not know it. */
  readonly networkName: string
  /** Other networks the visitor can switch to (EVM only). */
  readonly networks: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly networkId: string
  /** Formatted native balance with its symbol, read from the sandbox RPC. */
  readonly balance: () => Promise<string>
  readonly signMessage: (text: string) => Promise<string>
  /** Sends a small native transfer to another demo account; resolves with the confirmed transaction id. */
  readonly sendToDemoAccount: () => Promise<{ readonly id: string; readonly to: string; readonly amount: string }>
  readonly switchNetwork: (id: string) => Promise<void>
  readonly disconnect: () => Promise<void>
  /** Calls back with the account after any change made in the wallet, or undefined once disconnected there. */
  readonly watch: (onChange: (next: ConnectedAccount | undefined) => void) => () => void
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === "object" && error !== null && "message" in error ? String(error.message) : String(error)
