/**
 * Runs inside the page (bundled to `dist/testing-wallets.iife.js`): announces the demo EVM wallet
 * (EIP-6963) and registers the demo Solana wallet (Wallet Standard), answering through the test's policy
 * instead of the visible prompt panel. Permissions live in sessionStorage so a reload stays connected,
 * as with a real extension, while every new test page starts disconnected.
 */
import * as Schema from "effect/Schema"
import { SandboxConfig } from "../sandbox/SandboxConfig.ts"
import { announceEip6963, registerStandardWallet } from "../sandbox/wallets/Announce.ts"
import type { ApprovalRequest, Approve } from "../sandbox/wallets/Approval.ts"
import { createEvmProvider, walletName, walletRdns } from "../sandbox/wallets/EvmWallet.ts"
import { evmIcon, solanaIcon } from "../sandbox/wallets/Icons.ts"
import type { Permission } from "../sandbox/wallets/Permission.ts"
import { createSolanaWallet } from "../sandbox/wallets/SolanaWallet.ts"
import { askBinding } from "./ApprovalPolicy.ts"

const PageOptions = Schema.Struct({
  config: SandboxConfig,
  policy: Schema.Literals(["approve", "reject", "ask"])
})
export type PageOptions = typeof PageOptions.Type

const stored = (key: string): Permission => ({
  granted: () => sessionStorage.getItem(key) === "granted",
  set: (granted) => granted ? sessionStorage.setItem(key, "granted") : sessionStorage.removeItem(key)
})

const askTheTest = (request: ApprovalRequest): Promise<boolean> => {
  const ask: unknown = Reflect.get(window, askBinding)
  if (typeof ask !== "function") return Promise.reject(new TypeError(`The test binding ${askBinding} is missing`))
  return Promise.resolve(Reflect.apply(ask, window, [request])).then((answer: unknown) => answer === true)
}

const approverFor = (policy: PageOptions["policy"]): Approve =>
  policy === "ask" ? askTheTest : () => Promise.resolve(policy === "approve")

/** Decodes what the test passed, then injects both wallets into this window. */
export const inject = (input: unknown): void => {
  const { config, policy } = Schema.decodeUnknownSync(PageOptions)(input)
  const approve = approverFor(policy)
  const origin = location.origin
  const evmAccount = config.evm.accounts[0]
  if (evmAccount !== undefined && config.evm.chains.length > 0) {
    const provider = createEvmProvider({
      privateKey: evmAccount.privateKey,
      chains: config.evm.chains,
      approve,
      origin,
      permission: stored("portico-testing:evm")
    })
    announceEip6963(window, { uuid: crypto.randomUUID(), name: walletName, icon: evmIcon, rdns: walletRdns }, provider)
  }
  const solanaAccount = config.solana.accounts[0]
  if (solanaAccount !== undefined) {
    registerStandardWallet(window, createSolanaWallet({
      secretKey: Uint8Array.from(solanaAccount.secretKey),
      address: solanaAccount.address,
      chain: config.solana.cluster.caipNetworkId,
      rpcUrl: config.solana.cluster.rpcUrl,
      icon: solanaIcon,
      approve,
      origin,
      permission: stored("portico-testing:solana")
    }))
  }
}
