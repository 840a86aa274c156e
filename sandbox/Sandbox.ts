/**
 * The whole local world in one call: two EVM devnets, their block explorer (sandbox/explorer/), the Solana
 * devnet, the WalletConnect relay, Portico's API server, the two web origins (demo site, WalletConnect
 * wallet page), the onramp provider (sandbox/onramp/) and the identity providers for social login
 * (sandbox/oidc/), all started in parallel on 127.0.0.1. `npm start` (start.ts) and end-to-end tests use the same function.
 */
import { readdir, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { join } from "node:path"
import { startApiServer } from "../http/server/start.ts"
import { sandboxRegistry } from "./RegistrySeed.ts"
import { startOnrampProvider } from "./onramp/OnrampProvider.ts"
import { newCredentials, serverOptions as onrampServerOptions } from "./onramp/Ramps.ts"
import { startMailServer } from "./mail/MailServer.ts"
import { sandboxEmbeddedOptions } from "./mail/SandboxEmbedded.ts"
import { startIdentityProviders } from "./oidc/IdentityProviders.ts"
import { startAuthRelay } from "./farcaster/AuthRelay.ts"
import { placeIdRegistry } from "./farcaster/IdRegistrySeed.ts"
import { callbackPath } from "../http/api/SocialApi.ts"
import { startAccountAbstractionServices } from "./bundler/AccountAbstractionServices.ts"
import { paymasterUrlOf } from "./bundler/PaymasterService.ts"
import { sessionsRelayerAccount } from "./evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmChain } from "./evm/EvmDevnet.ts"
import type { EvmDeployment } from "./evm/EvmDeployment.ts"
import { sandboxServerEvm } from "./evm/NetworkShapes.ts"
import { startRelay } from "../http/relay/Relay.ts"
import { explorerOptionsFor, startSandboxExplorer } from "./explorer/SandboxExplorer.ts"
import { projectId, type SandboxConfig } from "./SandboxConfig.ts"
import type { SolanaDeployment } from "./solana/SolanaDeployment.ts"
import { sandboxSolanaOptions } from "./solana/MainnetShape.ts"
import { startSolanaDevnet } from "./solana/SolanaDevnet.ts"
import { isPackaged } from "./SandboxFiles.ts"
import { portTakenOf, startFailureMessage } from "./StartFailure.ts"
import { buildPages, framePage, repositoryRoot } from "./web/Build.ts"
import { sandboxTokenImages } from "./tokens/TokenImages.ts"
import { startWeb } from "./web/Web.ts"

export interface SandboxPorts {
  readonly evm: readonly [number, number]
  readonly solana: number
  readonly relay: number
  readonly api: number
  readonly site: number
  readonly wallet: number
  /** The sandbox onramp provider (both ramps' APIs and checkout pages). */
  readonly onramp: number
  /** The mail server's SMTP port, and its mailbox page. */
  readonly smtp: number
  readonly mailbox: number
  /** The OpenID provider (standing in for google, apple, facebook) and the plain OAuth 2.0 one (github, discord, x). */
  readonly oidc: number
  readonly oauth: number
  /** The devnets' block explorer (Etherscan's v2 API and a Blockscout instance per chain). */
  readonly explorer: number
  /** Each devnet's ERC-4337 bundler (Alto), in chain order. */
  readonly bundlers: readonly [number, number]
  /** The ERC-7677 sponsorship service (sandbox/bundler/PaymasterService.ts). */
  readonly paymaster: number
  /** The Farcaster Auth relay and the sandbox's Farcaster client page (sandbox/farcaster/). */
  readonly farcaster: number
  /** The sandbox's Farcaster client as a mini-app host, framing the demo site (sandbox/miniapp/). */
  readonly miniApp: number
}

export const defaultPorts: SandboxPorts = {
  evm: [8545, 8546], solana: 8899, relay: 5555, api: 8790, site: 5173, wallet: 5174, onramp: 5175, smtp: 2525, mailbox: 5176, oidc: 5177, oauth: 5178,
  explorer: 5179, bundlers: [4337, 4338], paymaster: 5180, farcaster: 5181, miniApp: 5182
}

export interface SandboxOptions {
  /** "default": the fixed ports above (npm start); "ephemeral": free ports (tests); or explicit ports. */
  readonly ports?: "default" | "ephemeral" | Partial<SandboxPorts>
  /** Wipe the sandbox state first (the API database); build caches, keyed by content, stay. */
  readonly reset?: boolean
  /** Serve both pages with a strict Content-Security-Policy (no unsafe-inline, no unsafe-eval). */
  readonly csp?: boolean
  /** "build" (default): built pages, served statically; "dev": Vite dev servers with hot reload, no CSP (in a checkout: the package has no page sources). */
  readonly web?: "build" | "dev"
  /**
   * Where state lives: `.sandbox/` of the repository in a checkout, `.portico-sandbox/` in the current folder
   * for the package's sandbox (`portico/testing`). The API database is kept in `<stateDir>/db` and the relay's
   * messages in `<stateDir>/relay`, except with ephemeral ports: then both live in memory, so parallel test
   * sandboxes never share a database.
   */
  readonly stateDir?: string
  readonly host?: string
  /** Where the API server's request log lines go (`npm start`: stdout); without it the API logs nothing. */
  readonly apiLog?: (line: string) => void
}

export interface Sandbox {
  readonly siteUrl: string
  readonly walletConnectWalletUrl: string
  readonly apiUrl: string
  readonly relayUrl: string
  /** The sandbox onramp providers' origin (MoonPay under `/moonpay/`, Coinbase Onramp under `/coinbase/`, the checkout at `/checkout/pay`). */
  readonly onrampUrl: string
  /** The mailbox page; `${mailboxUrl}/messages?to=<address>` lists the messages as JSON. */
  readonly mailboxUrl: string
  /** The identity providers' sign-in pages: the OpenID provider's issuer, the plain OAuth 2.0 provider's origin (sandbox/oidc/). */
  readonly oidcUrl: string
  readonly oauthUrl: string
  /** The devnets' explorer: `/v2/api` (Etherscan's v2), `/blockscout/<chainId>/api`, `/tokenlist.json`. */
  readonly explorerUrl: string
  /** The Farcaster Auth relay (FIP-11's `/v1/channel…`) and its Farcaster client page (`/~/siwf`). */
  readonly farcasterRelayUrl: string
  /** The Farcaster client as a mini-app host: the demo site framed as a mini app, the client's wallet given to it. */
  readonly miniAppHostUrl: string
  /**
   * The ERC-7677 sponsorship service with its API key: a server's secret, so it is not in the pages'
   * configuration (each chain's `bundlerUrl` is).
   */
  readonly paymasterUrl: string
  /** Each devnet's bundler by chain id (none where Alto is not installed); a test stops one to see a bundler that is down. */
  readonly bundlers: ReadonlyMap<number, { readonly url: string; readonly stop: () => Promise<void> }>
  readonly evm: { readonly chains: ReadonlyArray<EvmChain>; readonly deployment: EvmDeployment }
  readonly solana: { readonly rpcUrl: string; readonly wsUrl: string; readonly deployment: SolanaDeployment }
  /** What both pages read at `/sandbox-config.json`. */
  readonly config: SandboxConfig
  /** Stops every part; resolves once every port is closed. */
  readonly stop: () => Promise<void>
}

/** `.sandbox/` in a checkout; `.portico-sandbox/` in the current folder for the package's sandbox (its own folder may be read-only). */
export const defaultStateDir = isPackaged ? join(process.cwd(), ".portico-sandbox") : join(repositoryRoot, ".sandbox")

// Build caches keyed by their inputs' content (compiled contracts, built pages) hold no state: reset keeps them.
const buildCaches = new Set(["cache", "web"])

/** Wipes the sandbox's state (the API database and anything else but the build caches). */
const resetState = async (stateDir: string) => {
  const entries = await readdir(stateDir).catch(() => [])
  await Promise.all(entries.filter((name) => !buildCaches.has(name)).map((name) => rm(join(stateDir, name), { recursive: true, force: true })))
}

/** A port free right now: pre-picking ports lets every part know every URL before any part has started. */
const freePort = (host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))))
    })
  })

const resolvePorts = async (host: string, ports: SandboxOptions["ports"]): Promise<SandboxPorts> => {
  if (ports === undefined || ports === "default") return defaultPorts
  const wanted: SandboxPorts = ports === "ephemeral"
    ? { evm: [0, 0], solana: 0, relay: 0, api: 0, site: 0, wallet: 0, onramp: 0, smtp: 0, mailbox: 0, oidc: 0, oauth: 0, explorer: 0, bundlers: [0, 0], paymaster: 0, farcaster: 0, miniApp: 0 }
    : { ...defaultPorts, ...ports }
  const pick = (port: number) => (port === 0 ? freePort(host) : Promise.resolve(port))
  const [evm0, evm1, solana, relay, api, site, wallet] = await Promise.all(
    [wanted.evm[0], wanted.evm[1], wanted.solana, wanted.relay, wanted.api, wanted.site, wanted.wallet].map(pick)
  )
  const [smtp, mailbox] = await Promise.all([wanted.smtp, wanted.mailbox].map(pick))
  const onramp = await pick(wanted.onramp)
  const [oidc, oauth] = await Promise.all([wanted.oidc, wanted.oauth].map(pick))
  const explorer = await pick(wanted.explorer)
  const paymaster = await pick(wanted.paymaster)
  const farcaster = await pick(wanted.farcaster)
  const miniApp = await pick(wanted.miniApp)
  return {
    evm: [evm0 ?? 0, evm1 ?? 0], solana: solana ?? 0, relay: relay ?? 0, api: api ?? 0, site: site ?? 0, wallet: wallet ?? 0,
    smtp: smtp ?? 0, mailbox: mailbox ?? 0, onramp, oidc: oidc ?? 0, oauth: oauth ?? 0, explorer,
    // Alto reports the port it was given: 0 is left for it to pick, so no other process can take it first.
    bundlers: wanted.bundlers, paymaster, farcaster, miniApp
  }
}

interface Stoppable { readonly stop: () => Promise<void> }


/** Tries to start on ephemeral ports: a port picked free may be taken by another process before it is bound. */
const ephemeralAttempts = 3

export const startSandbox = async (options: SandboxOptions = {}): Promise<Sandbox> => {
  if (options.csp === true && options.web === "dev") throw new Error("The strict CSP needs built pages: drop --dev to use --csp")
  const host = options.host ?? "127.0.0.1"
  const stateDir = options.stateDir ?? defaultStateDir
  if (options.reset === true) await resetState(stateDir)
  for (let attempt = 1; ; attempt++) {
    const ports = await resolvePorts(host, options.ports)
    try {
      return await startOn(options, host, stateDir, ports)
    } catch (error) {
      const raced = options.ports === "ephemeral" && portTakenOf(error) !== undefined
      if (!raced || attempt === ephemeralAttempts) throw error
    }
  }
}

const startOn = async (options: SandboxOptions, host: string, stateDir: string, ports: SandboxPorts): Promise<Sandbox> => {
  const http = (port: number) => `http://${host}:${port}`
  let config: SandboxConfig | undefined

  const evm = startEvmDevnets({ host, ports: ports.evm })
  const solana = startSolanaDevnet({ host, port: ports.solana })
  // Messages survive a restart of `npm start` as in production (PGlite); a test's ephemeral sandbox keeps them in memory.
  const relay = startRelay({ host, port: ports.relay, ...(options.ports === "ephemeral" ? {} : { dataDir: join(stateDir, "relay") }) })
  // Portico's API server and the provider share the ramps' credentials; the provider funds its treasury on the devnets.
  const onrampCredentials = newCredentials()
  const onramp = evm.then((devnets) =>
    startOnrampProvider({
      host,
      port: ports.onramp,
      networks: devnets.chains,
      credentials: onrampCredentials,
      moonPayWebhookUrl: () => `${http(ports.api)}/v1/onramp/webhook/moonpay`
    })
  )
  // The explorer indexes the devnets once they are seeded; the API server knows its URLs from the ports.
  const explorer = evm.then((devnets) => startSandboxExplorer({ host, port: ports.explorer, chains: devnets.chains }))
  const accountAbstraction = evm.then((devnets) =>
    startAccountAbstractionServices({ host, devnets, bundlerPorts: ports.bundlers, paymasterPort: ports.paymaster })
  )
  // Sign In With Farcaster: the relay with its client page, and the IdRegistry placed on the first devnet.
  const farcaster = startAuthRelay({ host, port: ports.farcaster })
  const idRegistry = evm.then(async (devnets) => {
    await placeIdRegistry(devnets.chains[0]?.rpcUrl ?? http(ports.evm[0]))
    return { stop: () => Promise.resolve() }
  })
  const mail = startMailServer({ host, smtpPort: ports.smtp, pagePort: ports.mailbox })
  // Their clients are registered with the API server's callback; the API server is configured with the same clients.
  const identity = startIdentityProviders({ host, oidcPort: ports.oidc, oauthPort: ports.oauth, redirectUri: `${http(ports.api)}${callbackPath}` })
  const web = startWeb({
    host,
    sitePort: ports.site,
    walletPort: ports.wallet,
    miniAppPort: ports.miniApp,
    outDir: join(stateDir, "web"),
    csp: options.csp === true,
    mode: options.web ?? "build",
    config: () => config
  })
  // The API server only needs the Solana mint from its devnet (fast, in-process); EVM URLs and tokens are known ahead.
  // The embedded wallet's frame and panel, served by the API server from its own origin (a build cached by content).
  const frameAssets = buildPages(join(stateDir, "web"), [framePage]).then((built) => built.get("frame"))
  // It sends user operations to the bundlers and sponsorship requests to the service (with its key), so it starts after them.
  const api = Promise.all([solana, identity, frameAssets, accountAbstraction]).then(([devnet, identityProviders, frameFolder, aa]) =>
    startApiServer({
      host,
      port: ports.api,
      ...(options.ports === "ephemeral" ? {} : { dataDir: join(stateDir, "db") }),
      // Each devnet's configuration is its real network's file from docs/networks/ with only the chain id and
      // RPC URL replaced, and its explorer the sandbox's (Etherscan's dialect for the first, Blockscout's for the second).
      evm: sandboxServerEvm(ports.evm.map(http)).map((chain, index) => {
        const bundler = aa.bundlers.get(chain.chainId)
        return {
          ...chain,
          explorer: explorerOptionsFor(http(ports.explorer), chain.chainId, index),
          ...(bundler === undefined ? {} : { accountAbstraction: { bundlerUrl: bundler.url, paymasterUrl: paymasterUrlOf(aa.paymaster) } })
        }
      }),
      tokenList: `${http(ports.explorer)}/tokenlist.json`,
      // Solana mainnet's ready configuration, verbatim but for where the cluster and its Jupiter API are, and its id.
      solana: sandboxSolanaOptions(devnet.rpcUrl, devnet.deployment.caipNetworkId, devnet.jupiterUrl),
      tokenImages: sandboxTokenImages,
      // A local toy world: any page on this machine may use the sandbox project (for the embedded wallet
      // `*` means loopback pages only, which the server accepts on loopback only).
      projects: { [projectId]: { allowedOrigins: ["*"] } },
      allowUnsafeLocalOrigins: true,
      wallets: sandboxRegistry(devnet.deployment.caipNetworkId, `${http(ports.wallet)}/`),
      onramp: onrampServerOptions(http(ports.onramp), onrampCredentials),
      // Revocations visitors sign are sent by a mnemonic account the devnets fund.
      sessions: { relayerKey: sessionsRelayerAccount.privateKey },
      embedded: {
        ...sandboxEmbeddedOptions({
          keysFile: options.ports === "ephemeral" ? undefined : join(stateDir, "embedded-keys.json"),
          smtpHost: host,
          smtpPort: ports.smtp,
          apiUrl: http(ports.api)
        }),
        social: identityProviders.social,
        farcaster: { relayUrl: http(ports.farcaster), idRegistry: { rpcUrl: http(ports.evm[0]) } },
        ...(frameFolder === undefined ? {} : { frameAssets: frameFolder })
      }
    }, options.apiLog === undefined ? {} : { log: options.apiLog })
  )

  const parts = [evm, solana, relay, web, api, mail, onramp, identity, explorer, accountAbstraction, farcaster, idRegistry] as const
  const settled = await Promise.allSettled<Promise<Stoppable>>(parts)
  const stop = async () => {
    await Promise.allSettled(settled.map((result) => (result.status === "fulfilled" ? result.value.stop() : Promise.resolve())))
  }
  const failures = settled.flatMap((result) => (result.status === "rejected" ? [result.reason] : []))
  if (failures.length > 0) {
    await stop()
    throw new AggregateError(failures, startFailureMessage(failures))
  }
  const [evmDevnets, solanaDevnet, relayServer, webServers, apiServer, mailServer, onrampProvider, identityProviders, explorerServer, aaServices, farcasterRelay] =
    await Promise.all(parts)
  if (webServers.walletUrl === undefined || webServers.miniAppHostUrl === undefined) {
    await stop()
    throw new Error("The WalletConnect wallet page (sandbox/wc-wallet/index.html) or the mini-app host (sandbox/miniapp/index.html) is missing")
  }

  config = {
    projectId,
    relayUrl: relayServer.url,
    apiUrl: apiServer.url,
    siteUrl: webServers.siteUrl,
    walletConnectWalletUrl: webServers.walletUrl,
    mailboxUrl: mailServer.url,
    evm: {
      chains: evmDevnets.chains.map(({ chainId, name, rpcUrl }, index) => {
        const { url, kind } = explorerOptionsFor(explorerServer.url, chainId, index)
        const bundler = aaServices.bundlers.get(chainId)
        return {
          chainId,
          name,
          rpcUrl,
          explorerApi: { url, kind },
          contracts: { ...evmDevnets.deployment.chains.find((chain) => chain.chainId === chainId)?.contracts },
          ...(bundler === undefined ? {} : { bundlerUrl: bundler.url })
        }
      }),
      accounts: evmDevnets.deployment.accounts.map(({ address, privateKey }) => ({ address, privateKey }))
    },
    solana: {
      cluster: {
        rpcUrl: solanaDevnet.rpcUrl,
        wsUrl: solanaDevnet.wsUrl,
        genesisHash: solanaDevnet.deployment.genesisHash,
        caipNetworkId: solanaDevnet.deployment.caipNetworkId
      },
      mints: { usdc: solanaDevnet.deployment.usdc.address },
      accounts: solanaDevnet.deployment.accounts.map(({ address, secretKey }) => ({ address, secretKey: [...secretKey] }))
    }
  }

  return {
    siteUrl: webServers.siteUrl,
    walletConnectWalletUrl: webServers.walletUrl,
    apiUrl: apiServer.url,
    relayUrl: relayServer.url,
    mailboxUrl: mailServer.url,
    onrampUrl: onrampProvider.url,
    oidcUrl: identityProviders.oidcUrl,
    oauthUrl: identityProviders.oauthUrl,
    explorerUrl: explorerServer.url,
    farcasterRelayUrl: farcasterRelay.url,
    miniAppHostUrl: webServers.miniAppHostUrl,
    paymasterUrl: paymasterUrlOf(aaServices.paymaster),
    bundlers: aaServices.bundlers,
    evm: { chains: evmDevnets.chains, deployment: evmDevnets.deployment },
    solana: { rpcUrl: solanaDevnet.rpcUrl, wsUrl: solanaDevnet.wsUrl, deployment: solanaDevnet.deployment },
    config,
    stop
  }
}
