/**
 * Runs inside the page (bundled to `dist/testing-wallets.iife.js`): announces the demo EVM wallet
 * (EIP-6963) and registers the demo Solana wallet (Wallet Standard), answering through the test's policy
 * instead of the visible prompt panel. Permissions live in sessionStorage so a reload stays connected,
 * as with a real extension, while every new test page starts disconnected.
 */
import * as Schema from "effect/Schema"
import { SandboxConfig } from "../sandbox/SandboxConfig.ts"
import type { ApprovalRequest, Approve } from "../sandbox/wallets/Approval.ts"
import * as ChainMemory from "../sandbox/wallets/ChainMemory.ts"
import { installDemoWallets } from "../sandbox/wallets/DemoWallets.ts"
import type { Permission } from "../sandbox/wallets/Permission.ts"
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
  installDemoWallets(window, {
    config,
    approve: approverFor(policy),
    permission: (namespace) => stored(`portico-testing:${namespace}`),
    evmChain: ChainMemory.stored("portico-testing:evm:chain")
  })
}
