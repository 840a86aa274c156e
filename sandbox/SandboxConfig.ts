/**
 * The JSON the sandbox serves at `/sandbox-config.json` on both of its web origins (the demo site and the
 * WalletConnect wallet page), so that pages learn where the local chains, relay and API live.
 *
 * It carries the demo accounts' private keys on purpose: the sandbox is a local toy world on 127.0.0.1 whose
 * keys are Hardhat's public default mnemonic and fixed Solana demo keypairs, and its own demo wallets need
 * them to sign. Nothing here is ever a real key, and no Portico code outside `sandbox/` reads this file.
 */
import * as Schema from "effect/Schema"

/** The WalletConnect project id every sandbox client uses (the local relay accepts any). */
export const projectId = "portico-sandbox"

/** Where pages fetch this configuration, on their own origin. */
export const configPath = "/sandbox-config.json"

export const EvmChain = Schema.Struct({
  chainId: Schema.Int,
  name: Schema.String,
  rpcUrl: Schema.String,
  /** A block explorer's web pages (`/tx/<hash>`, `/address/<address>`), for links. */
  explorer: Schema.optionalKey(Schema.String),
  /** The explorer API Portico's server reads this chain's history through (sandbox/explorer/). */
  explorerApi: Schema.optionalKey(Schema.Struct({ url: Schema.String, kind: Schema.Literals(["etherscan", "blockscout"]) })),
  /**
   * Contract name → address on this chain: the real network's (usdc, usdt, dai, weth, multicall3, the
   * feeds, the Uniswap venues, ENS on the Ethereum-shaped chain) and the sandbox's own (nft, spamNft, points).
   */
  contracts: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  /** The chain's ERC-4337 bundler (EntryPoint v0.8), where the sandbox runs one (sandbox/bundler/). */
  bundlerUrl: Schema.optionalKey(Schema.String)
})
export type EvmChain = typeof EvmChain.Type

export const SolanaCluster = Schema.Struct({
  rpcUrl: Schema.String,
  wsUrl: Schema.String,
  genesisHash: Schema.String,
  /** CAIP-2 id: `solana:` plus the first 32 characters of the genesis hash. */
  caipNetworkId: Schema.TemplateLiteral(["solana:", Schema.String])
})
export type SolanaCluster = typeof SolanaCluster.Type

const Hex = Schema.TemplateLiteral(["0x", Schema.String])

export const EvmAccount = Schema.Struct({
  address: Hex,
  privateKey: Hex
})
export type EvmAccount = typeof EvmAccount.Type

export const SolanaAccount = Schema.Struct({
  /** base58 public key */
  address: Schema.String,
  /** 64 bytes: the 32-byte seed followed by the 32-byte public key (the Solana CLI keypair layout) */
  secretKey: Schema.Array(Schema.Int)
})
export type SolanaAccount = typeof SolanaAccount.Type

export const SandboxConfig = Schema.Struct({
  projectId: Schema.String,
  relayUrl: Schema.String,
  apiUrl: Schema.String,
  /** The demo host site and the WalletConnect wallet page, so each page can link to the other. */
  siteUrl: Schema.String,
  walletConnectWalletUrl: Schema.String,
  /** The sandbox mail server's mailbox page, where the embedded wallet's sign-in codes arrive. */
  mailboxUrl: Schema.optionalKey(Schema.String),
  evm: Schema.Struct({
    chains: Schema.Array(EvmChain),
    accounts: Schema.Array(EvmAccount)
  }),
  solana: Schema.Struct({
    cluster: SolanaCluster,
    /** name → mint or program address */
    mints: Schema.Record(Schema.String, Schema.String),
    accounts: Schema.Array(SolanaAccount)
  })
})
export type SandboxConfig = typeof SandboxConfig.Type

export const decode = Schema.decodeUnknownSync(SandboxConfig)

/** Fetches and validates the configuration from the current page's origin. */
export const load = async (origin: string = globalThis.location.origin): Promise<SandboxConfig> => {
  const response = await fetch(new URL(configPath, origin))
  if (!response.ok) throw new Error(`${configPath} answered ${response.status}`)
  return decode(await response.json())
}
