/**
 * Builds the sandbox's pages with Vite into `.sandbox/web/`: the demo site, the WalletConnect wallet page, the
 * Farcaster client that frames the demo site as a mini app,
 * and, for Portico's API server to serve, the embedded wallet's frame and panel (`framePage`).
 * A build is skipped when its sources have not changed since the last one (a stamp of every input file's
 * path, size and modification time names the folder), so `npm start` stays fast after the first run.
 * The package has no sources to build: it serves the pages built when it was packed (SandboxFiles.ts).
 */
import { createHash } from "node:crypto"
import { existsSync } from "node:fs"
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises"
import { join, relative } from "node:path"
import { Worker } from "node:worker_threads"
import { isPackaged, prebuiltPageFolder } from "../SandboxFiles.ts"

export interface Page {
  readonly name: "site" | "wc-wallet" | "miniapp" | "frame"
  /** The folder holding the page's index.html (or its `entries`). */
  readonly root: string
  /** The page's HTML files in `root`, when they are not just index.html. */
  readonly entries?: ReadonlyArray<string>
  /** The path the built page is served under (Vite's `base`); `/` when absent. */
  readonly base?: string
}

export const repositoryRoot = new URL("../..", import.meta.url).pathname

export const pages: ReadonlyArray<Page> = [
  { name: "site", root: join(repositoryRoot, "sandbox/site") },
  { name: "wc-wallet", root: join(repositoryRoot, "sandbox/wc-wallet") },
  { name: "miniapp", root: join(repositoryRoot, "sandbox/miniapp") }
]

/**
 * The embedded wallet's two pages (frame/app), served by Portico's API server from its own origin under
 * `/embedded/` (http/server/embedded/FramePages.ts): not one of the sandbox's web origins, so not in `pages`.
 */
export const framePage: Page = { name: "frame", root: join(repositoryRoot, "frame/app"), entries: ["frame.html", "panel.html"], base: "/embedded/" }

// Everything a page's bundle can import from this repository, plus the lockfile for dependencies.
const inputs = ["sandbox/site", "sandbox/wallets", "sandbox/wc-wallet", "sandbox/miniapp", "sandbox/farcaster", "sandbox/SandboxConfig.ts", "core", "ui", "http/api", "http/client", "frame"]

const entriesOf = (page: Page): ReadonlyArray<string> => page.entries ?? ["index.html"]

const listFiles = async (folder: string): Promise<ReadonlyArray<string>> => {
  const info = await stat(folder).catch(() => undefined)
  if (info === undefined) return []
  if (info.isFile()) return [folder]
  const entries = await readdir(folder, { withFileTypes: true, recursive: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

const sourceStamp = async (): Promise<string> => {
  const files = (await Promise.all(inputs.map((folder) => listFiles(join(repositoryRoot, folder))))).flat()
  files.push(join(repositoryRoot, "package-lock.json"))
  const hash = createHash("sha256")
  for (const file of files.toSorted()) {
    const info = await stat(file).catch(() => undefined)
    if (info !== undefined) hash.update(`${relative(repositoryRoot, file)}:${info.size}:${info.mtimeMs}\n`)
  }
  return hash.digest("hex")
}

/** Whether a page exists in this checkout (the WalletConnect wallet page is built by another part). */
export const pageExists = (page: Page): boolean => existsSync(join(page.root, entriesOf(page)[0] ?? "index.html"))

/**
 * Builds the pages whose sources changed into `outDir/<name>-<stamp>/` and returns the folders to serve.
 * Each build lands in a private folder first and is renamed into place, so sandboxes started in parallel
 * (tests) never see a half-written page; older builds are removed.
 */
export const buildPages = async (outDir: string, only: ReadonlyArray<Page> = pages): Promise<ReadonlyMap<Page["name"], string>> => {
  if (isPackaged) return prebuiltPages(only)
  // Vite and its React plugin only where pages are built: the package's sandbox has neither.
  const [{ build }, { default: react }] = await Promise.all([import("vite"), import("@vitejs/plugin-react")])
  const stamp = (await sourceStamp()).slice(0, 16)
  const built = new Map<Page["name"], string>()
  await mkdir(outDir, { recursive: true })
  // One page after the other: a Vite build already uses both cores of this machine.
  for (const page of only.filter(pageExists)) {
    const target = join(outDir, `${page.name}-${stamp}`)
    if (!entriesOf(page).every((entry) => existsSync(join(target, entry)))) {
      const scratch = `${target}.tmp-${process.pid}-${Date.now()}`
      await build({
        root: page.root,
        ...(page.base === undefined ? {} : { base: page.base }),
        configFile: false,
        envDir: false,
        logLevel: "warn",
        plugins: [react()],
        // An inline (empty) PostCSS config: skips Vite's search for one, which costs about a second per build.
        css: { postcss: {} },
        build: {
          outDir: scratch,
          emptyOutDir: true,
          target: "es2023",
          // No inline scripts or data: modules: the pages must run under a strict Content-Security-Policy.
          assetsInlineLimit: 0,
          modulePreload: { polyfill: false },
          reportCompressedSize: false,
          chunkSizeWarningLimit: 4096,
          ...(page.entries === undefined ? {} : { rollupOptions: { input: page.entries.map((entry) => join(page.root, entry)) } })
        }
      })
      // Another sandbox may have finished the same build meanwhile: then keep its folder.
      await rename(scratch, target).catch(() => rm(scratch, { recursive: true, force: true }))
    }
    built.set(page.name, target)
    const stale = (await readdir(outDir)).filter((name) => name.startsWith(`${page.name}-`) && join(outDir, name) !== target && !name.includes(".tmp-") && !name.startsWith("vite-cache-"))
    await Promise.all(stale.map((name) => rm(join(outDir, name), { recursive: true, force: true })))
  }
  return built
}

/** The pages the package was packed with, for those it has. */
const prebuiltPages = (only: ReadonlyArray<Page>): ReadonlyMap<Page["name"], string> =>
  new Map(only.map((page) => [page.name, prebuiltPageFolder(page.name)] as const).filter(([, folder]) => existsSync(folder)))

/**
 * `buildPages` on a worker thread: the chains' start-up (solc, seeding) and PGlite keep the main thread busy,
 * so building beside them on the other core makes a cold `npm start` noticeably faster.
 */
export const buildPagesInWorker = (outDir: string): Promise<ReadonlyMap<Page["name"], string>> =>
  isPackaged ? Promise.resolve(prebuiltPages(pages)) : new Promise((resolve, reject) => {
    // NODE_ENV decides between React's development and production builds, for Vite and the React plugin alike;
    // pin it so a test runner's "test" never yields a development page.
    const worker = new Worker(new URL("./BuildWorker.ts", import.meta.url), {
      workerData: { outDir },
      env: { ...process.env, NODE_ENV: "production" }
    })
    worker.once("message", (built: ReadonlyArray<readonly [Page["name"], string]>) => {
      resolve(new Map(built))
      // Vite may leave timers behind; the result is all that is needed.
      void worker.terminate()
    })
    worker.once("error", reject)
    worker.once("exit", (code) => reject(new Error(`The page build worker exited with code ${code}`)))
  })
