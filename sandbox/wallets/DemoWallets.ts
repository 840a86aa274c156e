/**
 * Builds both demo wallets from the sandbox configuration and puts them into a window: the EVM wallet
 * (the configuration's first two accounts) announced over EIP-6963, the Solana wallet registered through
 * the Wallet Standard, and, when asked, the Multichain API over both, as one wallet under one name:
 * announced over CAIP-294, or carried as MetaMask carries it (its content script's window stream, the
 * EVM wallet then announcing MetaMask's rdns, as MetaMask's own announcement is what a site finds). The demo site's content script and the testing kit differ only in who approves, where permissions
 * live and whether the EVM wallet discovers tokens.
 */
import type { Hex } from "viem"
import type { SandboxConfig } from "../SandboxConfig.ts"
import { announceCaip294, announceEip6963, offerAsMetaMask, registerStandardWallet } from "./Announce.ts"
import type { Approve } from "./Approval.ts"
import { createEvmProvider, type EvmProvider, walletName, walletRdns } from "./EvmWallet.ts"
import { evmIcon, solanaIcon } from "./Icons.ts"
import type { Permission } from "./Permission.ts"
import type { ChainMemory } from "./ChainMemory.ts"
import { createMultichainWallet, type LogEntry, type MalformedSession } from "./MultichainWallet.ts"
import { createSolanaWallet, type SolanaDemoWallet } from "./SolanaWallet.ts"

/** MetaMask's EIP-6963 rdns, which the demo wallet announces when it carries the Multichain API as MetaMask does. */
const metaMaskRdns = "io.metamask"

export interface DemoWalletsOptions {
  readonly config: typeof SandboxConfig.Type
  readonly approve: Approve
  /** Where the site permission of each wallet is kept, by namespace. */
  readonly permission: (namespace: "evm" | "solana" | "multichain") => Permission
  /** The network the EVM wallet was on for the site (memory when not given). */
  readonly evmChain?: ChainMemory
  /** Tokens the EVM wallet reports through `wallet_getAssets` (EIP-7811); without them it does not support it. */
  readonly tokens?: ReadonlyArray<Hex>
  /** Offers the Multichain API too: its log of served requests, and the test switch for malformed sessions. */
  readonly multichain?: {
    readonly log: (entry: LogEntry) => void
    readonly malformed: () => MalformedSession | undefined
    /** How a site reaches it: CAIP-294 events (the default), or MetaMask's extension transport. */
    readonly transport?: "caip294" | "metamask"
  }
  /** Whether the EVM wallet connects and signs in with one prompt (ERC-7846 `wallet_connect`). */
  readonly connectWithSignIn?: boolean
}

/** Announces the EVM wallet and registers the Solana wallet the configuration has accounts for. */
export const installDemoWallets = (window: Window, options: DemoWalletsOptions): void => {
  const { config, approve } = options
  const origin = window.location.origin
  const [evmAccount, secondEvmAccount] = config.evm.accounts
  let evm: EvmProvider | undefined
  let solana: SolanaDemoWallet | undefined
  if (evmAccount !== undefined && config.evm.chains.length > 0) {
    const provider = createEvmProvider({
      privateKey: evmAccount.privateKey,
      // A second account (bob.eth on the Ethereum-shaped devnet), so switching accounts can be tried.
      ...(secondEvmAccount === undefined ? {} : { otherKeys: [secondEvmAccount.privateKey] }),
      chains: config.evm.chains,
      approve,
      origin,
      permission: options.permission("evm"),
      ...(options.evmChain === undefined ? {} : { chain: options.evmChain }),
      ...(options.tokens === undefined ? {} : { tokens: options.tokens }),
      ...(options.connectWithSignIn === undefined ? {} : { connectWithSignIn: options.connectWithSignIn })
    })
    const rdns = options.multichain?.transport === "metamask" ? metaMaskRdns : walletRdns
    announceEip6963(window, { uuid: crypto.randomUUID(), name: walletName, icon: evmIcon, rdns }, provider)
    evm = provider
  }
  const solanaAccount = config.solana.accounts[0]
  if (solanaAccount !== undefined) {
    solana = createSolanaWallet({
      secretKey: Uint8Array.from(solanaAccount.secretKey),
      address: solanaAccount.address,
      chain: config.solana.cluster.caipNetworkId,
      rpcUrl: config.solana.cluster.rpcUrl,
      icon: solanaIcon,
      approve,
      origin,
      permission: options.permission("solana"),
      ...(options.multichain === undefined ? {} : { name: walletName })
    })
    registerStandardWallet(window, solana)
  }
  if (options.multichain === undefined || evm === undefined || solana === undefined) return
  const { transport, ...controls } = options.multichain
  const multichain = createMultichainWallet({
    name: walletName,
    evm,
    evmChainIds: config.evm.chains.map((chain) => chain.chainId),
    solana,
    solanaChain: config.solana.cluster.caipNetworkId,
    approve,
    origin,
    permission: options.permission("multichain"),
    evmPermission: options.permission("evm"),
    solanaPermission: options.permission("solana"),
    ...controls
  })
  if (transport === "metamask") offerAsMetaMask(window, multichain)
  else announceCaip294(window, { uuid: crypto.randomUUID(), name: walletName, icon: evmIcon, rdns: walletRdns }, multichain)
}
