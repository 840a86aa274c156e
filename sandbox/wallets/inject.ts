/**
 * The demo wallets' content script: run by the demo site before the dapp code, it reads the sandbox
 * configuration from the page's origin and injects the EVM (EIP-6963) and Solana (Wallet Standard) demo
 * wallets, both asking through the visible prompt panel (and, when asked, the Multichain API over both). Their site permissions and the EVM wallet's
 * network live in localStorage so a reload stays connected, on the same network, as with a real extension.
 * Like an extension's settings page, `localStorage["portico-demo-wallet:wallet_connect"] = "on"` turns on
 * its ERC-7846 `wallet_connect` (connect and sign in with one prompt); off, it is a two-step wallet.
 */
import { isHex } from "viem"
import { load } from "../SandboxConfig.ts"
import * as ChainMemory from "./ChainMemory.ts"
import { installDemoWallets } from "./DemoWallets.ts"
import type { LogEntry, MalformedSession } from "./MultichainWallet.ts"
import type { Permission } from "./Permission.ts"
import { promptPanel } from "./PromptPanel.ts"

const stored = (key: string): Permission => ({
  granted: () => localStorage.getItem(key) === "granted",
  set: (granted) => granted ? localStorage.setItem(key, "granted") : localStorage.removeItem(key)
})

/**
 * The Multichain API's log and test switch, reached by the page's own script as a person reaches an
 * extension's window: `portico-demo-wallet:log` hands the requests served so far to `detail` (a function),
 * `portico-demo-wallet:malformed-session` makes the next sessions answer as `detail` says (or correctly again).
 */
const multichainControls = () => {
  const log: Array<LogEntry> = []
  let malformed: MalformedSession | undefined
  window.addEventListener("portico-demo-wallet:log", (event) => {
    const read: unknown = (event as CustomEvent<unknown>).detail
    if (typeof read === "function") read(log.map((entry) => ({ ...entry })))
  })
  window.addEventListener("portico-demo-wallet:malformed-session", (event) => {
    const kind: unknown = (event as CustomEvent<unknown>).detail
    malformed = kind === "unknown-scope" || kind === "unrequested-chain" || kind === "foreign-account" ? kind : undefined
  })
  return { log: (entry: LogEntry) => void log.push(entry), malformed: () => malformed }
}

/**
 * Reads `/sandbox-config.json` from the page's origin, then announces and registers both demo wallets;
 * with `multichain`, they also offer the Multichain API as one wallet: announced over CAIP-294 (`true`),
 * or carried as MetaMask carries it (`"metamask"`).
 */
export const injectDemoWallets = async (options: { readonly multichain?: boolean | "metamask" } = {}): Promise<void> => {
  // Listening before the configuration arrives: a switch set as the page loads is never lost.
  const multichain = options.multichain === undefined || options.multichain === false
    ? undefined
    : { ...multichainControls(), transport: options.multichain === "metamask" ? "metamask" as const : "caip294" as const }
  const config = await load()
  installDemoWallets(window, {
    ...(multichain === undefined ? {} : { multichain }),
    config,
    approve: promptPanel(),
    permission: (namespace) => stored(`portico-demo-wallet:${namespace}`),
    evmChain: ChainMemory.stored("portico-demo-wallet:evm:chain"),
    connectWithSignIn: localStorage.getItem("portico-demo-wallet:wallet_connect") === "on",
    // The chains' tokens: the wallet discovers them (EIP-7811) so both balance paths run in the sandbox
    // (a token is looked for on every chain; where it has no code it is simply not held).
    tokens: config.evm.chains.flatMap((chain) => ["usdc", "usdt", "dai"].flatMap((name) => {
      const address = chain.contracts?.[name]
      return address !== undefined && isHex(address) ? [address] : []
    }))
  })
}
