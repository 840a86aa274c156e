/**
 * The examples as a host would build them: Portico installed from the packed tarball (not from source)
 * next to each example's own packages, built with Vite, served under the sandbox's strict CSP, and
 * tested in Chromium with the tarball's own `portico/testing`: connect the demo wallet through
 * <portico-connect-button>, sign a message and send a transaction from the app's code (Portico's
 * EIP-1193 provider in the plain page, wagmi's hooks over `portico/wagmi` in the wagmi app).
 */
import { execFileSync, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { chromium, type Browser } from "playwright-core"
import { createPublicClient, http, verifyMessage, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import type { SandboxConfig } from "../../sandbox/SandboxConfig.ts"
import { repository, tarball, versionOf } from "../support/Tarballs.ts"
import { porticoSession } from "../http/relay/support/Peers.ts"
import { installPorticoServer, startPorticoServerProcess } from "./support/PorticoServerProcess.ts"
import { sandboxTools } from "../../testing/SandboxTools.ts"
import { startStaticServer, strictCsp } from "../../sandbox/web/StaticServer.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"

const tarballOf = () => tarball("portico")

interface Served {
  readonly url: string
  readonly stop: () => Promise<void>
}

/** The configuration the app reads at `/sandbox-config.json`. */
type ServedConfig = () => SandboxConfig

/** A Vite example: built to dist/, served by the sandbox's static server under its strict CSP. */
const viteApp = async (app: string, config: ServedConfig): Promise<Served> => {
  execFileSync(join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: app, stdio: "pipe" })
  return startStaticServer({ host: "127.0.0.1", port: 0, root: join(app, "dist"), config, csp: strictCsp })
}

const freePort = () =>
  new Promise<number>((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as AddressInfo
      probe.close(() => done(free))
    })
  })

/** The Next.js example: `next build`, then `next start`, reading the sandbox's configuration from a file. */
const nextApp = async (app: string, config: ServedConfig): Promise<Served> => {
  const configFile = join(app, "sandbox-config.json")
  writeFileSync(configFile, JSON.stringify(config()))
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORTICO_SANDBOX_CONFIG: configFile }
  execFileSync(join(app, "node_modules/.bin/next"), ["build"], { cwd: app, stdio: "pipe", env })
  const port = await freePort()
  const server = spawn(join(app, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], { cwd: app, env, stdio: "ignore" })
  const url = `http://127.0.0.1:${port}`
  for (let started = Date.now(); (await fetch(url).then((response) => response.status, () => 0)) !== 200;) {
    if (Date.now() - started > 60_000) throw new Error(`next start did not answer on ${url}`)
    await new Promise((wake) => setTimeout(wake, 250))
  }
  return {
    url,
    stop: () => new Promise<void>((done) => {
      server.once("exit", () => done())
      server.kill()
    })
  }
}

/**
 * Each example, the packages it installs next to the tarball (in versions the npm cache holds where the
 * repository has them), and how it is tested. The wagmi app is a host's project whole: it installs the
 * sandbox's tools and runs its own test (`npm test`: examples/vite-wagmi/test/app.test.js, written with
 * `portico/testing` as docs/hosts.md shows); here its tarball's sandbox is also checked for what it ships
 * prebuilt. The others are served here, against a sandbox from this checkout; the plain page also proves
 * what the tarball's `startSandbox` says without the tools.
 */
const shared = ["react", "react-dom", "playwright-core"].map(versionOf)
const sandboxToolVersions = sandboxTools.map((tool) => versionOf(tool.name))
const examples = [
  { name: "plain-html", packages: [versionOf("vite"), ...shared], serve: viteApp, sandboxFrom: "checkout" },
  {
    name: "vite-wagmi",
    packages: [versionOf("vite"), versionOf("viem"), ...shared, "wagmi@3.7.6", "@wagmi/core@3.6.4", "@tanstack/react-query@5.108.0", ...sandboxToolVersions],
    serve: undefined,
    sandboxFrom: "tarball"
  },
  { name: "next-app", packages: [...shared, "next@16.4.6"], serve: nextApp, sandboxFrom: "checkout" },
  { name: "headless", packages: [versionOf("vite"), ...shared], serve: viteApp, sandboxFrom: "checkout" }
] as const

/** A page's text, once it answered 200. */
const text = async (url: string, init?: RequestInit): Promise<string> => {
  const response = await fetch(url, init)
  expect(response.status, url).toBe(200)
  return response.text()
}

/** The tarball's `portico/testing`, as installed in the example. */
const testingOf = async (app: string) =>
  (await import(pathToFileURL(join(app, "node_modules/portico/dist/testing.mjs")).href)) as typeof import("../../testing/index.ts")

describe.each(examples)("examples/$name from the packed tarball", ({ name, packages, serve, sandboxFrom }) => {
  let app: string
  let sandbox: Sandbox
  let site: Served
  let browser: Browser
  /** What the app reads instead of the sandbox's configuration, once a test points it elsewhere. */
  let served: SandboxConfig | undefined

  beforeAll(async () => {
    app = mkdtempSync(join(tmpdir(), "portico-example-"))
    cpSync(join(repository, "examples", name), app, { recursive: true })
    const install = ["install", "--no-audit", "--no-fund", "--prefer-offline", tarballOf(), ...packages]
    execFileSync("npm", install, { cwd: app, stdio: "pipe" })
    sandbox = sandboxFrom === "tarball" ? await (await testingOf(app)).startSandbox({ ports: "ephemeral" }) : await startSandbox({ ports: "ephemeral" })
    if (serve === undefined) return
    site = await serve(app, () => served ?? sandbox.config)
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await site?.stop()
    await sandbox?.stop()
    if (app !== undefined) rmSync(app, { recursive: true, force: true })
  })

  // Without the sandbox's tools installed, the tarball's startSandbox says which to install, and how.
  if (name === "plain-html") {
    it("the tarball's startSandbox rejects with SandboxUnavailableError listing the tools to install", async () => {
      const testing = await testingOf(app)
      const refused = await testing.startSandbox({ ports: "ephemeral" }).then(() => undefined, (error: unknown) => error)
      expect(refused).toBeInstanceOf(testing.SandboxUnavailableError)
      // viem brings ws along for its own WebSocket transport; the others are missing.
      const names = sandboxTools.map((tool) => tool.name).filter((tool) => !existsSync(join(app, "node_modules", tool)))
      expect(names).toContain("hardhat")
      expect(refused).toMatchObject({ _tag: "SandboxUnavailableError", missing: names, message: expect.stringContaining(`npm install --save-dev ${names.join(" ")}`) })
    })
  }

  // The tarball's own sandbox: chains, relay, API with the embedded wallet's frame, onramp, mail and identity servers.
  if (sandboxFrom === "tarball") {
    it("the tarball's startSandbox serves what it ships prebuilt: the pages, the embedded wallet's frame, the checkout and the token images", async () => {
      expect(await text(sandbox.walletConnectWalletUrl)).toMatch(/<script type="module"[^>]* src="\/assets\//)
      const frame = new URLSearchParams({ projectId: sandbox.config.projectId, chainId: "eip155:31337", version: "1", enableLogger: "false" })
      expect(await text(`${sandbox.apiUrl}/embedded/frame?${frame}`, { headers: { Origin: sandbox.siteUrl } })).toMatch(/src="\/embedded\/assets\/[^"]+\.js"/)
      expect(await text(`${sandbox.onrampUrl}/checkout.js`)).toContain("addEventListener")
      expect(await text(`${sandbox.apiUrl}/public/getTokenImage/USDC?projectId=${sandbox.config.projectId}`, { headers: { Origin: sandbox.siteUrl } })).toContain("<svg")
    })
  }

  // The server package as an operator installs it: its tarball alone, in a folder of its own, on PGlite.
  if (name === "plain-html") {
    it("connects through portico-server from its tarball: the API, the relay and the wallet's frame on PGlite; SIGTERM exits 0", async () => {
      const install = installPorticoServer()
      const [apiPort, relayPort] = [await freePort(), await freePort()]
      const apiUrl = `http://127.0.0.1:${apiPort}`
      const server = await startPorticoServerProcess(install.folder, {
        api: {
          port: apiPort,
          logAddresses: true,
          projects: { [sandbox.config.projectId]: { allowedOrigins: [site.url] } },
          evm: sandbox.config.evm.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl, name: chain.name })),
          embedded: { sessionKey: randomBytes(32).toString("hex"), shareKey: randomBytes(32).toString("hex"), publicUrl: apiUrl, smtp: { host: "127.0.0.1", port: 1, from: "Portico <login@example.test>" } }
        },
        relay: { port: relayPort }
      })
      try {
        expect(server.apiUrl).toBe(apiUrl)
        expect((await fetch(`${apiUrl}/readyz`)).status).toBe(200)
        // The wallet's frame, from the pages the package ships, framed by the project's origin only.
        const frameQuery = new URLSearchParams({ projectId: sandbox.config.projectId, chainId: "eip155:31337", version: "1", enableLogger: "false" })
        const frame = await fetch(`${apiUrl}/embedded/frame?${frameQuery}`, { headers: { Origin: site.url } })
        expect(frame.status).toBe(200)
        expect(frame.headers.get("content-security-policy")).toContain(`frame-ancestors ${site.url}`)
        expect(await frame.text()).toMatch(/src="\/embedded\/assets\/[^"]+\.js"/)
        // A dapp and a wallet pair and sign through its relay.
        const session = await porticoSession(server.relayUrl, server.relayUrl)
        expect(await session.signs("through portico-server")).toBe(true)
        await session.close()

        // The host app built from the packed `portico`, pointed at it: connected, it reads the account from its API.
        served = { ...sandbox.config, apiUrl, relayUrl: server.relayUrl }
        const testing = await testingOf(app)
        const page = await browser.newPage()
        await testing.injectWallets(page, { config: served })
        await page.goto(site.url)
        await testing.connect(page)
        const address = sandbox.config.evm.accounts[0]?.address ?? ""
        await expect.poll(() => page.getByTestId("status").textContent()).toBe(`connected ${address}`)
        await page.close()
        const answered = server.lines.flatMap((line) => line.startsWith("{") ? [JSON.parse(line) as { route?: string; status?: number }] : [])
        expect(answered.filter((entry) => entry.status === 200).map((entry) => entry.route)).toContain("/v1/identity/:address")
      } finally {
        served = undefined
        expect(await server.stop()).toBe(0)
        install.remove()
      }
    }, 240_000)
  }

  // Only the server-rendered example has the button in its first HTML (the others render it from script).
  if (name === "next-app") {
    it("renders the connect button on the server: it is in the page's first HTML", async () => {
      const html = await (await fetch(site.url)).text()
      expect(html).toMatch(/<button[^>]*data-portico-button[^>]*>Connect Wallet<\/button>/)
    })
  }

  // The wagmi app's own test, run as its developer runs it: `npm test` in the app (vite build, then node --test).
  if (serve === undefined) {
    it("passes its own end-to-end test, written with the tarball's portico/testing", () => {
      const { NODE_ENV: _runner, ...environment } = process.env
      const output = execFileSync("npm", ["test"], { cwd: app, encoding: "utf8", stdio: "pipe", env: { ...environment, CHROMIUM_PATH: chromiumPath } })
      expect(output).toMatch(/^# pass 1$/m)
      expect(output).toMatch(/^# fail 0$/m)
    }, 180_000)
  } else if (name === "headless") {
    it("connects the demo wallet from its own wallet list, shows the account and disconnects; WalletConnect gives it the pairing URI; no modal", async () => {
      const testing = await testingOf(app)
      const page = await browser.newPage()
      const problems: Array<string> = []
      page.on("pageerror", (error) => problems.push(error.message))
      await testing.injectWallets(page, { config: sandbox.config })
      await page.goto(site.url)
      const status = () => page.getByTestId("status").textContent()
      await page.getByTestId("status").getByText("disconnected").waitFor()

      await page.getByRole("button", { name: "Connect a wallet" }).click()
      await page.getByRole("button", { name: new RegExp(`^${testing.demoWallets.evm} \\(installed\\)`) }).click()
      const address = sandbox.config.evm.accounts[0]?.address ?? ""
      await expect.poll(status, { timeout: 20_000 }).toBe(`connected ${address}`)
      expect(await page.getByTestId("outcome").textContent()).toBe("connected")
      // Its own account panel: the native balance the sandbox funded, read through Portico.
      await expect.poll(() => page.getByTestId("balance").textContent(), { timeout: 20_000 }).toMatch(/^\d+(\.\d+)? ETH$/)

      await page.getByRole("button", { name: "Disconnect" }).click()
      await expect.poll(status).toBe("disconnected")

      await page.getByRole("button", { name: "Connect a wallet" }).click()
      await page.getByRole("button", { name: /^WalletConnect/ }).click()
      await expect.poll(() => page.getByTestId("pairing-uri").textContent(), { timeout: 30_000 }).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      expect(await page.locator("portico-modal").count()).toBe(0)
      expect(problems).toEqual([])
      await page.close()
    }, 120_000)
  } else {
    it("connects, signs and sends with the tarball's portico/testing; a reload keeps the session, without hydration warnings", async () => {
      const testing = await testingOf(app)
      const page = await browser.newPage()
      const problems: Array<string> = []
      page.on("pageerror", (error) => problems.push(error.message))
      page.on("console", (message) => {
        if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) problems.push(message.text())
      })
      await testing.injectWallets(page, { config: sandbox.config })
      await page.goto(site.url)
      await page.getByTestId("status").getByText("disconnected").waitFor()

      await testing.connect(page)
      const address = sandbox.config.evm.accounts[0]?.address ?? ""
      await expect.poll(() => page.getByTestId("status").textContent()).toBe(`connected ${address}`)
      // The Next.js app asks for sign-in: connect() returns once the demo wallet has signed in by the policy.
      if (name === "next-app") await expect.poll(() => page.getByTestId("signin").textContent()).toBe("signed in")

      await page.getByRole("button", { name: "Sign message" }).click()
      await expect.poll(() => page.getByTestId("result").textContent()).toMatch(/^signature 0x/)
      const signature = ((await page.getByTestId("result").textContent()) ?? "").slice("signature ".length) as Hex
      expect(await verifyMessage({ address: address as Hex, message: "Hello from a host page", signature })).toBe(true)

      await page.getByRole("button", { name: "Send 0.01 ETH" }).click()
      await expect.poll(() => page.getByTestId("result").textContent(), { timeout: 20_000 }).toMatch(/^sent 0x/)
      const hash = ((await page.getByTestId("result").textContent()) ?? "").slice("sent ".length) as Hex
      const receipt = await createPublicClient({ transport: http(sandbox.config.evm.chains[0]?.rpcUrl) }).waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe("success")

      await page.reload()
      await expect.poll(() => page.getByTestId("status").textContent(), { timeout: 20_000 }).toBe(`connected ${address}`)
      if (name === "next-app") await expect.poll(() => page.getByTestId("signin").textContent()).toBe("signed in")
      expect(problems).toEqual([])
    }, 120_000)
  }
})
