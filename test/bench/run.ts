/**
 * `npm run bench`: what Portico costs a host page before the visitor acts, and how fast it answers.
 *
 * Builds two pages with esbuild the same way (minified ESM with code splitting): the test host
 * (React + Portico's provider and button) and a baseline (React + a plain button). Prints:
 * - JS gzip bytes downloaded before any click (measured from Chromium's requests), Portico minus baseline;
 * - in Chromium, medians of several runs: button-visible time over the baseline; click to wallet list
 *   after a hover (the pointer over the button 150 ms before the click) and with no hover (keyboard
 *   Enter right after load); the script time the open costs; the share of runs that hit React's 300 ms
 *   Suspense stall; and the JS heap after opening the modal.
 * - WalletConnect chosen (a third build of the host page, on a local relay): the JS gzip the choice loads
 *   beyond the open modal, and the time from the click to the QR code carrying a `wc:` URI.
 * Then the same questions as a host's own Vite build from the packed tarball answers them (viteHost.ts).
 */
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, resolve as resolvePath } from "node:path"
import { chromium, type Browser, type CDPSession, type Page as PwPage } from "playwright-core"
import { startRelay } from "../../http/relay/Relay.ts"
import { buildPage, gzipBytes, serve, type BuiltPage } from "../e2e/fixtures/Build.ts"
import { offlineNetwork } from "../e2e/fixtures/OfflineNetwork.ts"
import { benchViteHost } from "./viteHost.ts"
import { chromiumArgs, chromiumPath } from "../support/chromium.ts"
import { against, heapUsed, kib, median, settle, timeClickToQr } from "./Figures.ts"

const runs = Number(process.env["BENCH_RUNS"] ?? 7)


const signed = (value: number, digits: number) => `${value >= 0 ? "+" : "−"}${Math.abs(value).toFixed(digits)}`


/** Records, in page time, when the first <button> shows and when the modal's first view shows content. */
const probe = () => {
  const marks = { button: -1, click: -1, list: -1 }
  Object.assign(globalThis, { __bench: marks })
  const watchButton = () => {
    if (marks.button < 0 && document.querySelector("button") !== null) marks.button = performance.now()
    else if (marks.button < 0) requestAnimationFrame(watchButton)
  }
  requestAnimationFrame(watchButton)
  new MutationObserver((_, observer) => {
    if (document.querySelector("button") !== null) {
      if (marks.button < 0) marks.button = performance.now()
      observer.disconnect()
    }
  }).observe(document, { childList: true, subtree: true })
  document.addEventListener("click", () => {
    marks.click = performance.now()
    const watchList = () => {
      const view = document.querySelector("portico-modal, [data-portico-modal]")?.shadowRoot
        ?.querySelector("[role='dialog'] .view")
      if (view !== null && view !== undefined && (view.textContent ?? "").trim() !== "" && view.checkVisibility({ visibilityProperty: true })) marks.list = performance.now()
      else requestAnimationFrame(watchList)
    }
    requestAnimationFrame(watchList)
  }, { capture: true, once: true })
}

interface Marks {
  readonly button: number
  readonly click: number
  readonly list: number
}

const marksOf = (page: PwPage) => page.evaluate(() => (globalThis as unknown as { __bench: Marks }).__bench)


interface Sample {
  readonly buttonMillis: number
  readonly jsFirstLoad: ReadonlyArray<string>
  readonly jsBeforeClick: ReadonlyArray<string>
  readonly clickToListMillis?: number
  /** Script time (ms) from the click until the wallet list shows. */
  readonly scriptMillis?: number
  /** After opening the modal (host) or after load (baseline), following a forced GC. */
  readonly heap: number
}

/** How the visitor opens the modal: not at all (baseline), pointer first, or keyboard at once. */
type Opening = "none" | "hover" | "keyboard"

const scriptSeconds = async (cdp: CDPSession): Promise<number> => {
  const { metrics } = await cdp.send("Performance.getMetrics")
  return metrics.find((metric) => metric.name === "ScriptDuration")?.value ?? 0
}

const sample = async (browser: Browser, url: string, built: BuiltPage, opening: Opening): Promise<Sample> => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript(probe)
  const js: Array<{ readonly path: string; readonly at: number }> = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") js.push({ path: new URL(request.url()).pathname, at: Date.now() })
  })
  await page.goto(url, { waitUntil: "load" })
  await page.waitForFunction(() => (globalThis as unknown as { __bench: Marks }).__bench.button >= 0)
  // What the page needs to show the button: every script requested before it appeared. The modal's
  // chunks wait for the visitor's intent (a hover, focus or touch); whatever else loads before the click
  // is counted apart (it should be nothing).
  const buttonShownAt = await page.evaluate(() => performance.timeOrigin + (globalThis as unknown as { __bench: Marks }).__bench.button)
  const jsFirstLoad = js.filter((request) => request.at <= buttonShownAt).map((request) => join(built.dir, request.path))
  await page.waitForLoadState("networkidle")
  const jsBeforeClick = js.map((request) => join(built.dir, request.path))
  const buttonMillis = (await marksOf(page)).button
  if (opening === "none") {
    const heap = await heapUsed(page)
    await context.close()
    return { buttonMillis, jsFirstLoad, jsBeforeClick, heap }
  }
  const cdp = await context.newCDPSession(page)
  await cdp.send("Performance.enable")
  if (opening === "hover") {
    await settle(page, () => page.hover("[data-portico-button]"))
  }
  const scriptBefore = await scriptSeconds(cdp)
  if (opening === "hover") await page.click("[data-portico-button]")
  else {
    await page.keyboard.press("Tab")
    await page.keyboard.press("Enter")
  }
  await page.waitForFunction(() => (globalThis as unknown as { __bench: Marks }).__bench.list >= 0, undefined, { timeout: 15_000 })
  const scriptMillis = (await scriptSeconds(cdp) - scriptBefore) * 1000
  await cdp.detach()
  const marks = await marksOf(page)
  const heap = await heapUsed(page)
  await context.close()
  return { buttonMillis, jsFirstLoad, jsBeforeClick, clickToListMillis: marks.list - marks.click, scriptMillis, heap }
}

interface WalletConnectSample {
  readonly files: ReadonlyArray<string>
  readonly clickToQrMillis: number
}

/**
 * The build's WalletConnect code: the chunks the Sign client's dynamic imports reach that nothing else
 * reaches (the connector itself is part of the engine). They load when the visitor leans toward WalletConnect
 * (points at its entry), so the runtime figure below sees what is left after that; this is everything it costs.
 */
const walletConnectFiles = (built: BuiltPage): ReadonlyArray<string> => {
  const outputs = built.metafile.outputs
  const closure = (roots: ReadonlyArray<string>) => {
    const seen = new Set<string>()
    const visit = (path: string) => {
      if (seen.has(path)) return
      seen.add(path)
      for (const imported of outputs[path]?.imports ?? []) if (imported.kind === "import-statement") visit(imported.path)
    }
    roots.forEach(visit)
    return seen
  }
  const isWalletConnect = (path: string) => /core\/walletconnect\/(SignClient|SolanaRequests)\.ts$/.test(outputs[path]?.entryPoint ?? "")
  const dynamicRoots = Object.keys(outputs).filter((path) => outputs[path]?.entryPoint !== undefined && path.endsWith(".js"))
  const others = closure(dynamicRoots.filter((path) => !isWalletConnect(path)))
  return [...closure(dynamicRoots.filter(isWalletConnect))].filter((path) => !others.has(path)).map((path) => resolvePath(path))
}

/** Opens the modal, waits for every chunk of the wallet list, points at WalletConnect, then picks it and times the QR code. */
const sampleWalletConnect = async (browser: Browser, url: string, built: BuiltPage): Promise<WalletConnectSample> => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const js: Array<string> = []
  page.on("request", (request) => {
    if (request.resourceType() === "script") js.push(join(built.dir, new URL(request.url()).pathname))
  })
  await page.goto(url, { waitUntil: "networkidle" })
  await page.click("[data-portico-button]")
  const dialog = page.locator("portico-modal [role='dialog']")
  await dialog.getByRole("button", { name: /WalletConnect/ }).first().waitFor()
  await page.waitForLoadState("networkidle")
  await settle(page, () => dialog.getByRole("button", { name: /WalletConnect/ }).first().hover())
  const before = new Set(js)
  const clickToQrMillis = await timeClickToQr(page, () => dialog.getByRole("button", { name: /WalletConnect/ }).first().click())
  const files = [...new Set(js)].filter((file) => !before.has(file))
  await context.close()
  return { files, clickToQrMillis }
}

/** React holds a Suspense reveal for 300 ms once a fallback has shown: a run at or past it stalled. */
const stallMillis = 300

const main = async () => {
  const root = await mkdtemp(join(tmpdir(), "portico-bench-"))
  const relay = await startRelay()
  const walletConnectConfig = {
    projectId: "portico-bench",
    relayUrl: relay.url,
    networks: [offlineNetwork("eip155:31337", "eip155"), offlineNetwork("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "solana")],
    metadata: { name: "Portico bench", description: "bench", url: "http://127.0.0.1", icons: [] }
  }
  const [host, baseline, walletConnectHost] = await Promise.all([
    buildPage({ page: "host", outDir: join(root, "host") }),
    buildPage({ page: "baseline", outDir: join(root, "baseline") }),
    buildPage({ page: "host", outDir: join(root, "wc"), config: walletConnectConfig })
  ])
  const [hostServer, baselineServer, walletConnectServer] = await Promise.all([serve(host.dir), serve(baseline.dir), serve(walletConnectHost.dir)])
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
  try {
    const hostSamples: Array<Sample> = []
    const keyboardSamples: Array<Sample> = []
    const baselineSamples: Array<Sample> = []
    // Interleaved so drift on the shared machine hits both pages alike.
    for (let run = 0; run < runs; run++) {
      baselineSamples.push(await sample(browser, baselineServer.url, baseline, "none"))
      hostSamples.push(await sample(browser, hostServer.url, host, "hover"))
      keyboardSamples.push(await sample(browser, hostServer.url, host, "keyboard"))
    }
    const walletConnectSamples: Array<WalletConnectSample> = []
    for (let run = 0; run < runs; run++) walletConnectSamples.push(await sampleWalletConnect(browser, walletConnectServer.url, walletConnectHost))
    const walletConnectJs = await gzipBytes(walletConnectSamples[0]?.files ?? [])
    const walletConnectCode = walletConnectFiles(walletConnectHost)
    const walletConnectAll = await gzipBytes(walletConnectCode)
    const opens = [...hostSamples, ...keyboardSamples]
    const stalled = opens.filter((entry) => (entry.clickToListMillis ?? 0) >= stallMillis).length
    const hostJs = await gzipBytes([...new Set(hostSamples[0]?.jsFirstLoad ?? [])])
    const baselineJs = await gzipBytes([...new Set(baselineSamples[0]?.jsFirstLoad ?? [])])
    const prefetchedJs = await gzipBytes([...new Set(hostSamples[0]?.jsBeforeClick ?? [])]) - hostJs
    const afterHover = median(hostSamples.map((entry) => entry.clickToListMillis ?? 0))
    const cold = median(keyboardSamples.map((entry) => entry.clickToListMillis ?? 0))
    const clickToQr = median(walletConnectSamples.map((entry) => entry.clickToQrMillis))
    const buttonHost = median(hostSamples.map((entry) => entry.buttonMillis))
    const buttonBaseline = median(baselineSamples.map((entry) => entry.buttonMillis))
    const lines = [
      `Portico bench (${runs} runs each, medians; esbuild minified ESM + splitting; Chromium headless)`,
      `JS gzip to show the button: host ${kib(hostJs)} (${hostJs} B), baseline ${kib(baselineJs)} (${baselineJs} B), Portico ${signed((hostJs - baselineJs) / 1024, 1)} KiB (${hostJs - baselineJs} B) ${against(hostJs - baselineJs, 8 * 1024, "8 KiB")}`,
      `  first-load files (build graph): ${host.initialFiles.length}; from Chromium's requests: ${new Set(hostSamples[0]?.jsFirstLoad).size}`,
      `  loaded before any intent, beyond the button's (no other origin): ${kib(prefetchedJs)} ${against(prefetchedJs, 0, "0")}`,
      `Button visible: host ${buttonHost.toFixed(1)} ms, baseline ${buttonBaseline.toFixed(1)} ms, Portico ${signed(buttonHost - buttonBaseline, 1)} ms`,
      `Click to wallet list after a hover: ${afterHover.toFixed(1)} ms ${against(afterHover, 20, "20 ms")}`,
      `Keyboard Enter right after load to wallet list (no hover): ${cold.toFixed(1)} ms ${against(cold, 60, "60 ms")}`,
      `Script time on open: ${median(hostSamples.map((entry) => entry.scriptMillis ?? 0)).toFixed(1)} ms after a hover, ${median(keyboardSamples.map((entry) => entry.scriptMillis ?? 0)).toFixed(1)} ms with no hover`,
      `Runs that hit the ${stallMillis} ms stall: ${stalled} of ${opens.length} (${((100 * stalled) / opens.length).toFixed(0)} %)`,
      `JS heap after opening (after GC): ${kib(median(hostSamples.map((entry) => entry.heap)))}` +
      ` (baseline page after load: ${kib(median(baselineSamples.map((entry) => entry.heap)))})`,
      `WalletConnect: ${kib(walletConnectAll)} (${walletConnectAll} B) JS gzip in all, ${walletConnectCode.length} files, loaded when the visitor points at it ${against(walletConnectAll, 30 * 1024, "30 KiB")}; the click itself then loads ${kib(walletConnectJs)}`,
      `  click to QR code with a wc: URI (local relay): ${clickToQr.toFixed(1)} ms ${against(clickToQr, 150, "150 ms")}`
    ]
    console.log(lines.join("\n"))
  } finally {
    await browser.close()
    await Promise.all([hostServer.close(), baselineServer.close(), walletConnectServer.close(), relay.stop()])
    await rm(root, { recursive: true, force: true })
  }
}

await main()
console.log((await benchViteHost()).join("\n"))
