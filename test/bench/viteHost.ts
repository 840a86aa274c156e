/**
 * `npm run bench`, as a host builds it: two apps built by Vite from the packed tarball, React alone (the
 * baseline) and React with Portico's provider and button, served as static files; against the sandbox
 * (its chain, API and relay), in Chromium, runs interleaved with the machine's load recorded beside each.
 * Prints, over the baseline: the JS gzip before any click (the visitor's hover prefetch included), the JS
 * gzip for the whole connect path (load, open, connect the injected demo wallet, the Account view), the
 * heap after opening, click to wallet list after a hover and cold, WalletConnect click to QR code (on the
 * sandbox's relay, the visitor's pointer over the entry first), the runs that stalled, each run's load, and
 * the largest modules of the connect path with their gzip share (ModuleShares.ts).
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { gzipSync } from "node:zlib"
import { chromium, type Browser } from "playwright-core"
import { startSandbox, type Sandbox } from "../../sandbox/Sandbox.ts"
import { startStaticServer } from "../../sandbox/web/StaticServer.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { against, heapUsed, kib, median, settle, timeClickToQr } from "./Figures.ts"
import { tarball, versionOf } from "../support/Tarballs.ts"
import { pluginSource, topModules } from "./ModuleShares.ts"

const runs = Number(process.env["BENCH_RUNS"] ?? 7)

const indexHtml = (script: string) => `<!doctype html><html><head><meta charset="utf-8"><title>bench</title></head><body><div id="root"></div><script type="module" src="/${script}"></script></body></html>\n`

// The button carries Portico's attribute so both pages are driven by the same Playwright steps.
const baselineApp = `import { createRoot } from "react-dom/client"
createRoot(document.getElementById("root")).render(<header><button type="button" data-portico-button="">Connect Wallet</button></header>)
`

const porticoApp = (sandbox: Sandbox) => {
  const [chain] = sandbox.config.evm.chains
  const config = {
    projectId: sandbox.config.projectId,
    apiUrl: sandbox.config.apiUrl,
    relayUrl: sandbox.config.relayUrl,
    metadata: { name: "Bench host", description: "A Vite-built host", url: "http://127.0.0.1", icons: [] },
    networks: [{
      id: chain?.chainId,
      caipNetworkId: `eip155:${chain?.chainId}`,
      chainNamespace: "eip155",
      name: chain?.name,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [chain?.rpcUrl] } }
    }]
  }
  return `import { createRoot } from "react-dom/client"
import { ConnectButton, PorticoProvider } from "portico/react"
const config = ${JSON.stringify(config)}
createRoot(document.getElementById("root")).render(<PorticoProvider config={config}><header><ConnectButton /></header></PorticoProvider>)
`
}

/** Both apps in one install of the tarball, each built by Vite into its own folder. */
const buildApps = (root: string, sandbox: Sandbox) => {
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "bench-host", private: true, type: "module" }))
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball("portico"), versionOf("react"), versionOf("react-dom"), versionOf("vite")], { cwd: root, stdio: "pipe" })
  for (const [name, source] of [["baseline", baselineApp], ["portico", porticoApp(sandbox)]] as const) {
    const app = join(root, name)
    mkdirSync(app, { recursive: true })
    writeFileSync(join(app, "index.html"), indexHtml("main.jsx"))
    writeFileSync(join(app, "main.jsx"), source)
    writeFileSync(join(app, "vite.config.js"), `${pluginSource}export default { esbuild: { jsx: "automatic" }, build: { target: "es2022" }, plugins: [moduleShares] }\n`)
    execFileSync(join(root, "node_modules/.bin/vite"), ["build", "--logLevel", "warn"], { cwd: app, stdio: "pipe", env: { ...process.env, NODE_ENV: "production" } })
  }
}

interface Sample {
  readonly beforeClick: number
  readonly connectPath: number
  /** The scripts the connect path requested (paths on the host). */
  readonly scripts: ReadonlyArray<string>
  readonly clickToList: number
  readonly heap: number
  readonly load: number
}

/** The gzip size of every script the page requested, from the built folder. */
const gzipOf = (dist: string, paths: ReadonlyArray<string>) =>
  [...new Set(paths)].reduce((sum, path) => sum + gzipSync(readFileSync(join(dist, path))).length, 0)


type Testing = typeof import("../../testing/index.ts")

const sample = async (browser: Browser, testing: Testing, sandbox: Sandbox, url: string, dist: string, opening: "none" | "hover" | "cold"): Promise<Sample> => {
  const load = loadavg()[0] ?? 0
  const context = await browser.newContext()
  const page = await context.newPage()
  const scripts: Array<string> = []
  page.on("request", (request) => {
    if (request.resourceType() === "script" && request.url().startsWith(url)) scripts.push(new URL(request.url()).pathname)
  })
  // The visitor's wallet extensions (the sandbox's demo wallets) are in every page, the React-only one too:
  // their own script and heap are the visitor's browser, not Portico's cost.
  await testing.injectWallets(page, { config: sandbox.config })
  await page.goto(url, { waitUntil: "networkidle" })
  const button = page.locator("[data-portico-button]")
  if (opening !== "cold") {
    await settle(page, () => button.hover())
  }
  const beforeClick = gzipOf(dist, scripts)
  // From the click event to the wallet list's first content shown (the dialog may be drawn hidden before), timed in the page.
  await page.evaluate(() => {
    const marks = { click: -1, list: -1 }
    Object.assign(globalThis, { __bench: marks })
    document.addEventListener("click", () => {
      marks.click = performance.now()
      const watch = () => {
        const view = document.querySelector("portico-modal")?.shadowRoot?.querySelector("[role='dialog'] .view")
        if (view !== null && view !== undefined && (view.textContent ?? "").trim() !== "" && view.checkVisibility({ visibilityProperty: true })) marks.list = performance.now()
        else requestAnimationFrame(watch)
      }
      requestAnimationFrame(watch)
    }, { capture: true, once: true })
  })
  if (opening === "cold") await button.focus().then(() => page.keyboard.press("Enter"))
  else await button.click()
  // The React-only page has no list: its click is the end. Playwright's own scripts (its injected script
  // in the page's worlds, some 1.3 MB of heap) are then in both pages, so the heap's difference is Portico's.
  if (opening === "none") await page.waitForFunction(() => (globalThis as unknown as { __bench: { click: number } }).__bench.click >= 0, undefined, { timeout: 30_000 })
  else await page.waitForFunction(() => (globalThis as unknown as { __bench: { list: number } }).__bench.list >= 0, undefined, { timeout: 30_000 })
  const { click, list } = await page.evaluate(() => (globalThis as unknown as { __bench: { click: number; list: number } }).__bench)
  const heap = await heapUsed(page)
  if (opening === "none") {
    await context.close()
    return { beforeClick, connectPath: beforeClick, scripts, clickToList: 0, heap, load }
  }
  await page.keyboard.press("Escape")
  await testing.connect(page)
  await page.waitForLoadState("networkidle")
  const connectPath = gzipOf(dist, scripts)
  await context.close()
  return { beforeClick, connectPath, scripts, clickToList: list - click, heap, load }
}

/** Opens the modal, points at WalletConnect (its code loads on that intent), clicks it and times the QR code with a `wc:` URI. */
const sampleWalletConnect = async (browser: Browser, url: string): Promise<{ readonly clickToQr: number; readonly load: number }> => {
  const load = loadavg()[0] ?? 0
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(url, { waitUntil: "networkidle" })
  await page.locator("[data-portico-button]").click()
  const entry = page.locator("portico-modal [role='dialog']").getByRole("button", { name: /WalletConnect/ }).first()
  await settle(page, () => entry.hover())
  const millis = await timeClickToQr(page, () => entry.click())
  await context.close()
  return { clickToQr: millis, load }
}

/** React holds a Suspense reveal for 300 ms once a fallback has shown: a run at or past it stalled. */
const stallMillis = 300

export const benchViteHost = async (): Promise<ReadonlyArray<string>> => {
  const root = mkdtempSync(join(tmpdir(), "portico-bench-vite-"))
  const sandbox = await startSandbox({ ports: "ephemeral" })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
  try {
    buildApps(root, sandbox)
    const testing = (await import(pathToFileURL(join(root, "node_modules/portico/dist/testing.mjs")).href)) as Testing
    const servers = await Promise.all(["baseline", "portico"].map((name) => startStaticServer({ host: "127.0.0.1", port: 0, root: join(root, name, "dist") })))
    const [baseline, host] = servers
    const baselineDist = join(root, "baseline/dist")
    const hostDist = join(root, "portico/dist")
    const samples = { baseline: [] as Array<Sample>, hover: [] as Array<Sample>, cold: [] as Array<Sample> }
    const walletConnect: Array<{ readonly clickToQr: number; readonly load: number }> = []
    for (let run = 0; run < runs; run++) {
      samples.baseline.push(await sample(browser, testing, sandbox, baseline?.url ?? "", baselineDist, "none"))
      samples.hover.push(await sample(browser, testing, sandbox, host?.url ?? "", hostDist, "hover"))
      samples.cold.push(await sample(browser, testing, sandbox, host?.url ?? "", hostDist, "cold"))
      walletConnect.push(await sampleWalletConnect(browser, host?.url ?? ""))
    }
    await Promise.all(servers.map((server) => server.stop()))
    const react = median(samples.baseline.map((entry) => entry.beforeClick))
    const over = (values: ReadonlyArray<number>) => median(values) - react
    const opens = [...samples.hover, ...samples.cold]
    const stalled = opens.filter((entry) => entry.clickToList >= stallMillis).length
    const loads = [...samples.baseline, ...opens, ...walletConnect].map((entry) => entry.load)
    const clickToQr = median(walletConnect.map((entry) => entry.clickToQr))
    const stalledQr = walletConnect.filter((entry) => entry.clickToQr >= stallMillis).length
    // The 1-minute load average as each run started, in the order the runs went (baseline, hover, cold, WalletConnect).
    const perRun = Array.from({ length: runs }, (_, run) =>
      [samples.baseline[run], samples.hover[run], samples.cold[run], walletConnect[run]].map((entry) => (entry?.load ?? 0).toFixed(2)).join("/"))
    const beforeClick = over(samples.hover.map((entry) => entry.beforeClick))
    const connectPath = over(samples.hover.map((entry) => entry.connectPath))
    const afterHover = median(samples.hover.map((entry) => entry.clickToList))
    const cold = median(samples.cold.map((entry) => entry.clickToList))
    const heap = (median(opens.map((entry) => entry.heap)) - median(samples.baseline.map((entry) => entry.heap))) / 1e6
    return [
      `Vite-built host from the packed tarball (${runs} runs each, medians; React-only baseline in the same run; load average ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)} over the runs)`,
      `  React only: ${kib(react)} JS gzip`,
      `  JS gzip before any click, over React only (hover prefetch included): ${kib(beforeClick)} ${against(beforeClick, 40 * 1024, "40 KiB")}; with no hover: ${kib(over(samples.cold.map((entry) => entry.beforeClick)))}`,
      `  JS gzip for the connect path (load, open, connect the injected wallet, Account view), over React only: ${kib(connectPath)} ${against(connectPath, 60 * 1024, "60 KiB")}`,
      `  Click to wallet list: ${afterHover.toFixed(1)} ms after a hover ${against(afterHover, 20, "20 ms")}, ${cold.toFixed(1)} ms cold ${against(cold, 60, "60 ms")}`,
      `  JS heap after opening (after GC), over React only: ${heap >= 0 ? "+" : ""}${heap.toFixed(2)} MB ${against(heap, 2, "+2 MB")}`,
      `  WalletConnect click to QR code with a wc: URI (sandbox relay, after pointing at it): ${clickToQr.toFixed(1)} ms ${against(clickToQr, 150, "150 ms")}`,
      `  Runs that hit the ${stallMillis} ms stall: ${stalled} of ${opens.length} opens, ${stalledQr} of ${walletConnect.length} QR codes`,
      `  Load average at each run's start (baseline/hover/cold/WalletConnect): ${perRun.join(", ")}`,
      `  The connect path's 30 largest modules (gzip share of their chunk, React's included):`,
      ...topModules(join(root, "portico"), samples.hover[0]?.scripts ?? [], 30)
    ]
  } finally {
    await browser.close()
    await sandbox.stop()
    rmSync(root, { recursive: true, force: true })
  }
}
