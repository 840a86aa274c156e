/** What the Solana devnet seeds on every start: the same keys, mint and history each time. */

/** A keypair in the Solana CLI format: 64 bytes (32-byte seed then 32-byte public key). */
export interface SolanaKeypair {
  readonly address: string
  readonly secretKey: ReadonlyArray<number>
}

export interface SolanaDemoAccount extends SolanaKeypair {
  readonly name: string
  /** Lamports the account was funded with at genesis (before seeded history moves some). */
  readonly fundedLamports: bigint
  /** The account's associated token account for the USDC-like mint. */
  readonly usdcTokenAccount: string
}

export interface SolanaTokenMint {
  readonly address: string
  readonly symbol: string
  readonly name: string
  readonly decimals: number
  readonly programId: string
  readonly mintAuthority: SolanaKeypair
}

export interface SolanaDeployment {
  /** Base58 genesis hash, fixed for this devnet. */
  readonly genesisHash: string
  /** CAIP-2 id: `solana:` + the first 32 characters of the genesis hash. */
  readonly caipNetworkId: `solana:${string}`
  readonly usdc: SolanaTokenMint
  readonly accounts: ReadonlyArray<SolanaDemoAccount>
  /** The faucet that pays `requestAirdrop`. */
  readonly faucet: SolanaKeypair
  /** Signatures of the transactions seeded at startup, oldest first. */
  readonly seededSignatures: ReadonlyArray<string>
}
