/**
 * Each anchor's fixture app, migrated as a developer would: copied to a folder, the codemod run over
 * it (the bin from the packed `portico-migrate` tarball), then built by Vite against the packed
 * `portico` tarball, served under the sandbox's strict CSP, and driven in Chromium: the migrated hook
 * (or button) opens Portico's modal, the sandbox's injected demo wallet connects, wagmi's `useAccount`
 * sees it and wagmi's `useSignMessage` signs through Portico's connector. The four apps share one
 * install, one sandbox and one Chromium.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { chromium, type Browser } from "playwright-core"
import { verifyMessage, type Hex } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { anchorNames, type AnchorName } from "../../migrate/Anchor.ts"
import { anchors } from "../../migrate/Anchors.ts"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import { startStaticServer, strictCsp } from "../../sandbox/web/StaticServer.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { tarball, versionOf } from "../support/Tarballs.ts"
import { copyFixture } from "./Migrate.ts"

type Testing = typeof import("../../testing/index.ts")

/** The fixtures whose app opens the modal from the library's hook ("Pick a wallet"); OnchainKit has none. */
const openedByHook: ReadonlyArray<AnchorName> = ["rainbowkit", "connectkit", "appkit"]

const sourcesOf = (folder: string): ReadonlyArray<string> =>
  readdirSync(join(folder, "src")).map((name) => readFileSync(join(folder, "src", name), "utf8"))

describe("portico-migrate on each fixture app: migrated, built by Vite against the tarball, connected and signing in Chromium", () => {
  let root: string
  let sandbox: Sandbox
  let browser: Browser
  let testing: Testing

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "portico-migrate-fixtures-"))
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "migrated-apps", private: true, type: "module" }))
    // What the migrated package.json asks for, in the versions this repository tests with (the npm cache holds them).
    const packages = [tarball("portico-migrate"), tarball("portico"), ...["react", "react-dom", "vite", "viem"].map(versionOf), "wagmi@3.7.6", "@wagmi/core@3.6.4", "@tanstack/react-query@5.108.0"]
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", ...packages], { cwd: root, stdio: "pipe" })
    testing = (await import(pathToFileURL(join(root, "node_modules/portico/dist/testing.mjs")).href)) as Testing
    sandbox = await startSandbox({ ports: "ephemeral" })
    browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
  }, 300_000)

  afterAll(async () => {
    await browser?.close()
    await sandbox?.stop()
    if (root !== undefined) rmSync(root, { recursive: true, force: true })
  })

  it.each(anchorNames)("%s", async (from) => {
    const app = join(root, from)
    copyFixture(from, app)
    const summary = execFileSync(join(root, "node_modules/.bin/portico-migrate"), [from, app], { encoding: "utf8" })
    expect(summary).toMatch(/Changed \d+ files/)
    const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { dependencies: Record<string, string> }
    expect(Object.keys(manifest.dependencies)).toEqual(expect.arrayContaining(["portico", "wagmi", "@wagmi/core"]))
    for (const name of anchors[from].packages) {
      expect(manifest.dependencies[name]).toBeUndefined()
      for (const source of sourcesOf(app)) expect(source).not.toContain(`"${name}`)
    }

    execFileSync(join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: app, stdio: "pipe", env: { ...process.env, NODE_ENV: "production" } })
    const site = await startStaticServer({ host: "127.0.0.1", port: 0, root: join(app, "dist"), config: () => sandbox.config, csp: strictCsp })
    const page = await browser.newPage()
    try {
      await testing.injectWallets(page, { config: sandbox.config })
      await page.goto(site.url)
      await page.locator("[data-portico-button]").waitFor()
      if (openedByHook.includes(from)) {
        await page.getByRole("button", { name: "Pick a wallet" }).click()
        await page.locator("portico-modal [role='dialog']").getByRole("button", { name: testing.demoWallets.evm }).first().click()
      } else await testing.connect(page)
      const address = sandbox.config.evm.accounts[0]?.address ?? ""
      await expect.poll(() => page.getByTestId("status").textContent(), { timeout: 30_000 }).toBe(`connected ${address}`)

      await page.getByRole("button", { name: "Sign message" }).click()
      await expect.poll(() => page.getByTestId("signature").textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{130}$/)
      const signature = (await page.getByTestId("signature").textContent()) as Hex
      expect(await verifyMessage({ address: address as Hex, message: "Tea for two", signature })).toBe(true)
    } finally {
      await page.close()
      await site.stop()
    }
  }, 180_000)
})
