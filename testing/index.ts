/**
 * `portico/testing`: what a host needs to test its own app in Playwright without a real wallet.
 * Start the sandbox's chains, relay and API once (`startSandbox`), inject the demo wallets into each page
 * with an approval policy (`injectWallets`), and drive Portico's modal (`connect`, `disconnect`).
 */
import { readFile } from "node:fs/promises"
import type { Page } from "playwright-core"
import type { Sandbox, SandboxOptions } from "../sandbox/Sandbox.ts"
import type { SandboxConfig } from "../sandbox/SandboxConfig.ts"
import { walletName } from "../sandbox/wallets/EvmWallet.ts"
import { solanaWalletName } from "../sandbox/wallets/SolanaWallet.ts"
import { type ApprovalPolicy, askBinding } from "./ApprovalPolicy.ts"
import { type ModalStep, ModalStepError, stepMessage } from "./ModalStepError.ts"
import { installCommand, missingSandboxTools } from "./SandboxTools.ts"
import { SandboxUnavailableError } from "./SandboxUnavailableError.ts"

export type { ApprovalPolicy, ApprovalRequest, AskTheTest } from "./ApprovalPolicy.ts"
export { SandboxUnavailableError } from "./SandboxUnavailableError.ts"
export { ModalStepError, type ModalStep } from "./ModalStepError.ts"
export { sandboxTools, type SandboxTool } from "./SandboxTools.ts"
export type { SandboxConfig } from "../sandbox/SandboxConfig.ts"
export type { Sandbox, SandboxOptions, SandboxPorts } from "../sandbox/Sandbox.ts"
export type { EvmChain } from "../sandbox/evm/EvmDevnet.ts"
export type { EvmDeployment } from "../sandbox/evm/EvmDeployment.ts"
export type { SolanaDemoAccount, SolanaDeployment, SolanaKeypair, SolanaTokenMint } from "../sandbox/solana/SolanaDeployment.ts"

/**
 * Starts the sandbox's chains, relay, API server, mail and identity servers and its pages. Loaded only
 * when called: the page helpers below need none of it, so a host importing them never loads the
 * sandbox's chain tooling.
 *
 * The sandbox runs on packages a host installs next to Portico (`sandboxTools`: `npm install --save-dev
 * hardhat litesvm smtp-server mailparser oidc-provider ws` and the server's, listed there). When one cannot be loaded it rejects with
 * `SandboxUnavailableError`, whose `missing` lists them and whose message is the command that installs them.
 */
export const startSandbox = async (options?: SandboxOptions): Promise<Sandbox> => {
  const missing = await missingSandboxTools()
  if (missing.length > 0) {
    throw new SandboxUnavailableError({
      missing,
      message: `startSandbox needs ${missing.join(", ")}, installed next to Portico: ${installCommand(missing)}`
    })
  }
  const sandbox = await import("../sandbox/Sandbox.ts")
  return sandbox.startSandbox(options)
}

/** The demo wallets' names as the modal lists them. */
export const demoWallets = { evm: walletName, solana: solanaWalletName } as const

export interface InjectWalletsOptions {
  /** The sandbox's configuration: `sandbox.config` from `startSandbox`. */
  readonly config: SandboxConfig
  /** `"approve"` (default), `"reject"`, or a function asked for every request. */
  readonly policy?: ApprovalPolicy
}

// Built next to this module by the package build (tsdown.config.ts, the `testing-wallets` IIFE).
const pageScript = new URL("./testing-wallets.iife.js", import.meta.url)

/**
 * Injects both demo wallets into every document the page loads, before the app's own scripts run.
 * Serve the app from `localhost`/`127.0.0.1` or https: the wallets need a secure context.
 */
export const injectWallets = async (page: Page, options: InjectWalletsOptions): Promise<void> => {
  const policy = options.policy ?? "approve"
  if (typeof policy === "function") await page.exposeFunction(askBinding, policy)
  const bundle = await readFile(pageScript, "utf8")
  const pageOptions = JSON.stringify({ config: options.config, policy: typeof policy === "function" ? "ask" : policy })
  await page.addInitScript({ content: `${bundle}\nPorticoTestWallets.inject(${pageOptions});` })
}

const defaultTimeout = 15_000
const button = (page: Page) => page.locator("[data-portico-button]").first()
const dialog = (page: Page) => page.locator("portico-modal [role='dialog']")

export interface ModalHelperOptions {
  /** How long each step may take, in milliseconds: 15,000 by default. */
  readonly timeout?: number
}

/** Runs one step, turning Playwright's timeout into a `ModalStepError` that says what was awaited. */
const step = async (page: Page, name: ModalStep, wallet: string, timeout: number, run: () => Promise<unknown>): Promise<void> => {
  await run().catch((cause: unknown) => {
    if (!(cause instanceof Error) || cause.name !== "TimeoutError") throw cause
    throw new ModalStepError({ step: name, url: page.url(), message: stepMessage(name, page.url(), wallet, timeout) })
  })
}

/**
 * Opens the modal from the connect button, picks the wallet and waits until the button shows the account.
 * Rejects with `ModalStepError` naming the step that did not happen in time.
 */
export const connect = async (page: Page, wallet: string = demoWallets.evm, options: ModalHelperOptions = {}): Promise<void> => {
  const timeout = options.timeout ?? defaultTimeout
  await step(page, "button", wallet, timeout, () => button(page).click({ timeout }))
  await step(page, "wallet", wallet, timeout, () => dialog(page).getByRole("button", { name: wallet }).first().click({ timeout }))
  await step(page, "connected", wallet, timeout, async () => {
    await dialog(page).waitFor({ state: "detached", timeout })
    // Portico's button marks itself connected (it may show a registered name rather than the address).
    await page.waitForFunction(() => {
      const shown = document.querySelector("[data-portico-button]")
      return shown?.hasAttribute("data-connected") === true || /^(0x[0-9a-fA-F]{4}|[1-9A-HJ-NP-Za-km-z]{4})…/.test(shown?.textContent ?? "")
    }, undefined, { timeout })
  })
}

/**
 * Opens the account view from the connect button and disconnects every session.
 * Rejects with `ModalStepError` naming the step that did not happen in time.
 */
export const disconnect = async (page: Page, options: ModalHelperOptions = {}): Promise<void> => {
  const timeout = options.timeout ?? defaultTimeout
  await step(page, "button", "", timeout, () => button(page).click({ timeout }))
  await step(page, "disconnect", "", timeout, () => dialog(page).getByRole("button", { name: "Disconnect" }).last().click({ timeout }))
  await step(page, "disconnected", "", timeout, () =>
    page.waitForFunction(() => {
      const shown = document.querySelector("[data-portico-button]")
      return shown?.hasAttribute("data-connected") !== true && !/…/.test(shown?.textContent ?? "")
    }, undefined, { timeout }))
}
