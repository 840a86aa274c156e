/**
 * The examples as a host would build them: Portico installed from the packed tarball (not from source)
 * next to each example's own packages, built with Vite, served under the sandbox's strict CSP, and
 * tested in Chromium with the tarball's own `portico/testing`: connect the demo wallet through
 * <portico-connect-button>, sign a message and send a transaction from the app's code (Portico's
 * EIP-1193 provider in the plain page, wagmi's hooks over `portico/wagmi` in the wagmi app).
 */
import { execFileSync, spawn } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { chromium, type Browser } from "playwright-core"
import { createPublicClient, http, verifyMessage, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import { sandboxTools } from "../../testing/SandboxTools.ts"
import { startStaticServer, strictCsp } from "../../sandbox/web/StaticServer.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"

const repository = resolve(import.meta.dirname, "../..")
const packDir = join(repository, ".pack")

/** The tarball `npm test`'s package step left (packed here when the test runs alone). */
const tarball = (): string => {
  const find = () => existsSync(packDir) ? readdirSync(packDir).find((name) => name.endsWith(".tgz")) : undefined
  if (find() === undefined) {
    mkdirSync(packDir, { recursive: true })
    execFileSync("npm", ["run", "-s", "build"], { cwd: repository, stdio: "pipe" })
    execFileSync("npm", ["pack", "--silent", "--pack-destination", packDir], { cwd: repository, stdio: "pipe" })
  }
  return join(packDir, find() ?? "")
}

/** The versions this repository tests with, so the example installs what the npm cache already holds. */
const versionOf = (name: string): string => {
  const manifest = JSON.parse(readFileSync(join(repository, "node_modules", name, "package.json"), "utf8")) as { version: string }
  return `${name}@${manifest.version}`
}

interface Served {
  readonly url: string
  readonly stop: () => Promise<void>
}

/** A Vite example: built to dist/, served by the sandbox's static server under its strict CSP. */
const viteApp = async (app: string, sandbox: Sandbox): Promise<Served> => {
  execFileSync(join(app, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: app, stdio: "pipe" })
  return startStaticServer({ host: "127.0.0.1", port: 0, root: join(app, "dist"), config: () => sandbox.config, csp: strictCsp })
}

/** The Next.js example: `next build`, then `next start`, reading the sandbox's configuration from a file. */
const nextApp = async (app: string, sandbox: Sandbox): Promise<Served> => {
  const configFile = join(app, "sandbox-config.json")
  writeFileSync(configFile, JSON.stringify(sandbox.config))
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PORTICO_SANDBOX_CONFIG: configFile }
  execFileSync(join(app, "node_modules/.bin/next"), ["build"], { cwd: app, stdio: "pipe", env })
  const port = await new Promise<number>((done) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as AddressInfo
      probe.close(() => done(free))
    })
  })
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
  { name: "next-app", packages: [...shared, "next@16.4.6"], serve: nextApp, sandboxFrom: "checkout" }
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

  beforeAll(async () => {
    app = mkdtempSync(join(tmpdir(), "portico-example-"))
    cpSync(join(repository, "examples", name), app, { recursive: true })
    const install = ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball(), ...packages]
    execFileSync("npm", install, { cwd: app, stdio: "pipe" })
    sandbox = sandboxFrom === "tarball" ? await (await testingOf(app)).startSandbox({ ports: "ephemeral" }) : await startSandbox({ ports: "ephemeral" })
    if (serve === undefined) return
    site = await serve(app, sandbox)
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
