/**
 * `startSandbox` brings every part up on free ports, each URL answers, the pages get a valid
 * `/sandbox-config.json`, and `stop()` closes every port without leaving a child process behind.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { connect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey } from "@solana/kit"
import type { Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import { configPath, decode } from "../../sandbox/SandboxConfig.ts"

// This process's children, apart from the `ps` that lists them.
const children = () =>
  execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .flatMap(([pid, command]) => (pid === undefined || pid === "" || command === "ps" ? [] : [`${pid} ${command}`]))

const listening = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url)
    const socket = connect({ host: hostname, port: Number(port) })
    socket.once("connect", () => { socket.destroy(); resolve(true) })
    socket.once("error", () => resolve(false))
  })

const rpc = async (url: string, method: string, params: ReadonlyArray<unknown> = []) => {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })
  return ((await response.json()) as { result: unknown }).result
}

describe("startSandbox", () => {
  let sandbox: Sandbox
  let childrenBefore: ReadonlyArray<string>

  beforeAll(async () => {
    childrenBefore = children()
    sandbox = await startSandbox({ ports: "ephemeral" })
  })
  afterAll(async () => {
    await sandbox?.stop()
  })

  it("serves the demo site and the WalletConnect wallet page on two origins, each with the config", async () => {
    expect(new URL(sandbox.siteUrl).origin).not.toBe(new URL(sandbox.walletConnectWalletUrl).origin)
    for (const url of [sandbox.siteUrl, sandbox.walletConnectWalletUrl]) {
      const page = await fetch(url)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<div id="root"></div>')
      const config = decode(await (await fetch(new URL(configPath, url))).json())
      expect(config).toEqual(sandbox.config)
    }
    expect(sandbox.config.siteUrl).toBe(sandbox.siteUrl)
    expect(sandbox.config.projectId).toBe("portico-sandbox")
  })

  it("answers on both EVM chains, the Solana devnet, the relay and the API", async () => {
    expect(sandbox.config.evm.chains.map((chain) => chain.chainId)).toEqual([31337, 31338])
    for (const chain of sandbox.config.evm.chains) {
      expect(Number(await rpc(chain.rpcUrl, "eth_chainId"))).toBe(chain.chainId)
    }
    expect(await rpc(sandbox.solana.rpcUrl, "getHealth")).toBe("ok")
    expect(sandbox.config.solana.cluster.caipNetworkId).toBe(`solana:${sandbox.solana.deployment.genesisHash.slice(0, 32)}`)
    expect(await rpc(sandbox.solana.rpcUrl, "getGenesisHash")).toBe(sandbox.solana.deployment.genesisHash)
    expect(await listening(sandbox.relayUrl.replace(/^ws/, "http"))).toBe(true)
    expect((await fetch(`${sandbox.apiUrl}/openapi.json`)).status).toBe(200)
  })

  it("wires the API server to both devnets, their tokens and prices from the devnets' feeds (Solana's fixed)", async () => {
    const balances = async (address: string, chainId: string) => {
      const query = new URLSearchParams({ currency: "usd", chainId, projectId: "portico-sandbox", st: "portico", sv: "0.1.0" })
      const response = await fetch(`${sandbox.apiUrl}/v1/account/${address}/balance?${query}`)
      expect(response.status).toBe(200)
      return ((await response.json()) as { balances: ReadonlyArray<{ symbol: string; price?: number }> }).balances
    }
    const evm = await balances(sandbox.config.evm.accounts[0]?.address ?? "", "eip155:31337")
    expect(evm.map(({ symbol, price }) => [symbol, price])).toEqual(expect.arrayContaining([["ETH", 3000], ["USDC", 1], ["USDT", 1]]))
    const solana = await balances(sandbox.config.solana.accounts[0]?.address ?? "", sandbox.config.solana.cluster.caipNetworkId)
    // Solana's from the devnet's Pyth feeds, USDC at its mainnet mint (docs/networks/solana-mainnet.json, run verbatim).
    expect(solana.map(({ symbol, price }) => [symbol, price])).toEqual(expect.arrayContaining([["SOL", 150], ["USDC", 1]]))
    expect(sandbox.config.solana.mints["usdc"]).toBe("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
  })

  it("hands pages funded demo accounts whose keys match their addresses", async () => {
    const [evm] = sandbox.config.evm.accounts
    expect(evm?.address).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")
    for (const account of sandbox.config.evm.accounts) {
      expect(privateKeyToAccount(account.privateKey as Hex).address).toBe(account.address)
    }
    for (const account of sandbox.config.solana.accounts) {
      expect(account.secretKey).toHaveLength(64)
      const { publicKey } = await createKeyPairFromPrivateKeyBytes(Uint8Array.from(account.secretKey.slice(0, 32)))
      expect(await getAddressFromPublicKey(publicKey)).toBe(account.address)
    }
    const [solana] = sandbox.config.solana.accounts
    const balance = (await rpc(sandbox.solana.rpcUrl, "getBalance", [solana?.address])) as { value: number }
    expect(balance.value).toBeGreaterThan(0)
  })

  it("stop() closes every port and leaves no child process", async () => {
    const urls = [
      sandbox.siteUrl,
      sandbox.walletConnectWalletUrl,
      sandbox.apiUrl,
      sandbox.relayUrl.replace(/^ws/, "http"),
      sandbox.solana.rpcUrl,
      ...sandbox.config.evm.chains.map((chain) => chain.rpcUrl),
      ...sandbox.config.evm.chains.flatMap((chain) => (chain.bundlerUrl === undefined ? [] : [chain.bundlerUrl])),
      sandbox.paymasterUrl
    ]
    for (const url of urls) expect(await listening(url)).toBe(true)
    await sandbox.stop()
    for (const url of urls) expect({ url, open: await listening(url) }).toEqual({ url, open: false })
    expect(children()).toEqual(childrenBefore)
  })

  // A second sandbox on the first one's ports (the usual mistake: two test runs, or npm start left open)
  // fails to start with the port named and the way out, every part it did start stopped again, and the
  // first one untouched. The Solana devnet's WebSocket server used to throw this from an 'error' event,
  // killing the test process.
  it("a second sandbox on a taken port rejects, naming the port, and stops what it started", async () => {
    const first = await startSandbox({ ports: "ephemeral" })
    // The first sandbox's own processes (its bundlers): the refused one must leave none beside them.
    const withFirst = children()
    const solanaPort = Number(new URL(first.solana.rpcUrl).port)
    const free = { evm: [0, 0] as const, relay: 0, api: 0, site: 0, wallet: 0, onramp: 0, smtp: 0, mailbox: 0, oidc: 0, oauth: 0, explorer: 0 }
    const stateDir = mkdtempSync(join(tmpdir(), "portico-sandbox-"))
    try {
      const refused = await startSandbox({ ports: { ...free, solana: solanaPort }, stateDir }).then(() => undefined, (error: unknown) => error)
      expect(refused).toBeInstanceOf(AggregateError)
      expect(String((refused as Error).message)).toBe(
        `The sandbox failed to start: port ${solanaPort} on 127.0.0.1 is taken (EADDRINUSE): another sandbox or server holds it; stop it, or start with { ports: "ephemeral" }`
      )
      expect(children()).toEqual(withFirst)
      expect(await rpc(first.solana.rpcUrl, "getHealth")).toBe("ok")
    } finally {
      await first.stop()
      rmSync(stateDir, { recursive: true, force: true })
    }
    // A whole sandbox starts first (two seeded devnets, the explorer indexing them): ~30 s here alone, so a
    // generous bound for a busy runner.
  }, 240_000)
})
