/**
 * `npm start`: brings the whole sandbox up on 127.0.0.1 and prints where everything is.
 *
 *   npm start                       fixed default ports (demo site 5173, WalletConnect wallet 5174, …)
 *   npm start -- --reset            wipe the sandbox state in .sandbox/ (the API database) first
 *   npm start -- --csp              serve both pages with a strict Content-Security-Policy
 *   npm start -- --dev              Vite dev servers with hot reload instead of built pages (no --csp)
 *   npm start -- --ephemeral        free ports for every part (port flags are then ignored)
 *   npm start -- --site-port 3000   one port per part: --site-port --wallet-port --api-port --relay-port
 *                                   --solana-port --evm-ports 8545,8546 --smtp-port --mailbox-port --onramp-port
 *                                   --oidc-port --oauth-port --explorer-port --farcaster-port --miniapp-port
 *                                   (or SANDBOX_SITE_PORT, … in the environment)
 *
 * Ctrl-C (SIGINT) or SIGTERM stops every part; all of them live in this process, so none outlives it.
 */
import { parseArgs } from "node:util"
import { defaultPorts, startSandbox, type Sandbox, type SandboxPorts } from "./Sandbox.ts"

const started = performance.now()
const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    csp: { type: "boolean", default: false },
    dev: { type: "boolean", default: false },
    ephemeral: { type: "boolean", default: false },
    "site-port": { type: "string" },
    "wallet-port": { type: "string" },
    "api-port": { type: "string" },
    "relay-port": { type: "string" },
    "solana-port": { type: "string" },
    "evm-ports": { type: "string" },
    "smtp-port": { type: "string" },
    "mailbox-port": { type: "string" },
    "onramp-port": { type: "string" },
    "oidc-port": { type: "string" },
    "oauth-port": { type: "string" },
    "explorer-port": { type: "string" },
    "bundler-ports": { type: "string" },
    "paymaster-port": { type: "string" },
    "farcaster-port": { type: "string" },
    "miniapp-port": { type: "string" },
    help: { type: "boolean", short: "h", default: false }
  }
})

if (values.help) {
  console.log("Usage: npm start -- [--reset] [--csp | --dev] [--ephemeral] [--site-port N] [--wallet-port N] [--api-port N] [--relay-port N] [--solana-port N] [--evm-ports A,B] [--smtp-port N] [--mailbox-port N] [--onramp-port N] [--oidc-port N] [--oauth-port N] [--explorer-port N] [--bundler-ports A,B] [--paymaster-port N] [--farcaster-port N] [--miniapp-port N]")
  process.exit(0)
}

const port = (flag: string | undefined, env: string, fallback: number): number => {
  const raw = flag ?? process.env[env]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`Invalid port for ${env}: ${raw}`)
  return value
}
const evmPorts = (values["evm-ports"] ?? process.env["SANDBOX_EVM_PORTS"] ?? "").split(",").filter((part) => part !== "")
const bundlerPorts = (values["bundler-ports"] ?? process.env["SANDBOX_BUNDLER_PORTS"] ?? "").split(",").filter((part) => part !== "")
const ports: SandboxPorts = {
  site: port(values["site-port"], "SANDBOX_SITE_PORT", defaultPorts.site),
  wallet: port(values["wallet-port"], "SANDBOX_WALLET_PORT", defaultPorts.wallet),
  api: port(values["api-port"], "SANDBOX_API_PORT", defaultPorts.api),
  relay: port(values["relay-port"], "SANDBOX_RELAY_PORT", defaultPorts.relay),
  solana: port(values["solana-port"], "SANDBOX_SOLANA_PORT", defaultPorts.solana),
  evm: [port(evmPorts[0], "SANDBOX_EVM_PORT_1", defaultPorts.evm[0]), port(evmPorts[1], "SANDBOX_EVM_PORT_2", defaultPorts.evm[1])],
  smtp: port(values["smtp-port"], "SANDBOX_SMTP_PORT", defaultPorts.smtp),
  mailbox: port(values["mailbox-port"], "SANDBOX_MAILBOX_PORT", defaultPorts.mailbox),
  onramp: port(values["onramp-port"], "SANDBOX_ONRAMP_PORT", defaultPorts.onramp),
  oidc: port(values["oidc-port"], "SANDBOX_OIDC_PORT", defaultPorts.oidc),
  oauth: port(values["oauth-port"], "SANDBOX_OAUTH_PORT", defaultPorts.oauth),
  explorer: port(values["explorer-port"], "SANDBOX_EXPLORER_PORT", defaultPorts.explorer),
  bundlers: [
    port(bundlerPorts[0], "SANDBOX_BUNDLER_PORT_1", defaultPorts.bundlers[0]),
    port(bundlerPorts[1], "SANDBOX_BUNDLER_PORT_2", defaultPorts.bundlers[1])
  ],
  paymaster: port(values["paymaster-port"], "SANDBOX_PAYMASTER_PORT", defaultPorts.paymaster),
  farcaster: port(values["farcaster-port"], "SANDBOX_FARCASTER_PORT", defaultPorts.farcaster),
  miniApp: port(values["miniapp-port"], "SANDBOX_MINIAPP_PORT", defaultPorts.miniApp)
}

let sandbox: Sandbox | undefined
let stopping = false
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) {
    console.log(`\n${signal} again: exiting now.`)
    process.exit(1)
  }
  stopping = true
  console.log(`\n${signal}: stopping the sandbox…`)
  const stop = sandbox?.stop() ?? Promise.resolve()
  stop.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    }
  )
}
process.on("SIGINT", shutdown)
process.on("SIGTERM", shutdown)

console.log(values.reset ? "Starting the Portico sandbox from a clean state…" : "Starting the Portico sandbox…")
try {
  sandbox = await startSandbox({
    ports: values.ephemeral ? "ephemeral" : ports,
    reset: values.reset,
    csp: values.csp,
    web: values.dev ? "dev" : "build",
    // The API server's request log, one JSON line per request (http/server/RequestLog.ts).
    apiLog: (line) => process.stdout.write(`${line}\n`)
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

const { config } = sandbox
const rows: ReadonlyArray<readonly [string, string]> = [
  ["Demo site", sandbox.siteUrl],
  ["WalletConnect wallet", sandbox.walletConnectWalletUrl],
  ["Portico API", sandbox.apiUrl],
  ["Mailbox (sign-in codes)", sandbox.mailboxUrl],
  ["Onramp provider (test card)", sandbox.onrampUrl],
  ["OpenID provider (google, apple, facebook)", sandbox.oidcUrl],
  ["OAuth 2.0 provider (github, discord, x)", sandbox.oauthUrl],
  ["Farcaster Auth relay and client (/~/siwf)", sandbox.farcasterRelayUrl],
  ["Farcaster mini-app host (the demo site as a mini app)", sandbox.miniAppHostUrl],
  ...config.evm.chains.map((chain) => [`EVM ${chain.name} (${chain.chainId})`, chain.rpcUrl] as const),
  ...config.evm.chains.flatMap((chain) =>
    chain.explorerApi === undefined ? [] : [[`Explorer API of ${chain.chainId} (${chain.explorerApi.kind === "etherscan" ? "Etherscan v2" : "Blockscout"})`, chain.explorerApi.url] as const]),
  ...config.evm.chains.flatMap((chain) => chain.bundlerUrl === undefined ? [] : [[`ERC-4337 bundler of ${chain.chainId} (EntryPoint v0.8)`, chain.bundlerUrl] as const]),
  ["ERC-7677 paymaster service (server-side key)", sandbox.paymasterUrl],
  ["Solana RPC", config.solana.cluster.rpcUrl],
  ["Solana WebSocket", config.solana.cluster.wsUrl],
  ["Solana network", config.solana.cluster.caipNetworkId],
  ["WalletConnect relay", config.relayUrl],
  ["WalletConnect projectId", config.projectId]
]
const width = Math.max(...rows.map(([label]) => label.length))
const lines = [
  "",
  `Portico sandbox ready in ${((performance.now() - started) / 1000).toFixed(1)} s${values.csp ? " (pages served with a strict CSP)" : values.dev ? " (pages on Vite dev servers)" : ""}`,
  "",
  ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`),
  "",
  "  Demo accounts (local test keys, never use them elsewhere):",
  `    EVM     ${config.evm.accounts.slice(0, 3).map((account) => account.address).join("  ")}`,
  `    Solana  ${config.solana.accounts.slice(0, 3).map((account) => account.address).join("  ")}`,
  "",
  `  Open ${sandbox.siteUrl} and connect the injected demo wallets. Press Ctrl-C to stop.`,
  ""
]
console.log(lines.join("\n"))
