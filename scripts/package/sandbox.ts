/**
 * Completes the package's sandbox (`dist/sandbox/`, built by tsdown) with what a checkout makes with
 * its build tools and reads beside its code: the pages built by Vite (demo site, WalletConnect wallet,
 * embedded wallet frame), the contracts compiled by solc, the onramp checkout's script and style, and
 * the token images (sandbox/SandboxFiles.ts). Then proves the package's sandbox loads nothing a host
 * would lack: every package it imports is a dependency or one of `sandboxTools`, each an optional peer.
 * Run by `npm run build`, after tsdown.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import { compileContracts } from "../../sandbox/evm/Compile.ts"
import { prebuiltContractsName, prebuiltPageFolder } from "../../sandbox/SandboxFiles.ts"
import { buildPages, framePage, pages } from "../../sandbox/web/Build.ts"
import { sandboxTools } from "../../testing/SandboxTools.ts"
import { staticPackages } from "./StaticPackages.ts"

const root = resolve(import.meta.dirname, "../..")
const packaged = join(root, "dist/sandbox")
const prebuilt = join(packaged, "prebuilt")
const entry = join(packaged, "index.mjs")

const fail = (message: string): never => {
  console.error(`✖ package sandbox: ${message}`)
  process.exit(1)
}

if (!existsSync(entry)) fail(`${entry} is missing: run tsdown first`)

// Production pages whatever the caller's NODE_ENV (a test runner sets "test"), as the sandbox builds them.
process.env["NODE_ENV"] = "production"
rmSync(prebuilt, { recursive: true, force: true })
mkdirSync(prebuilt, { recursive: true })
writeFileSync(join(prebuilt, prebuiltContractsName), JSON.stringify(await compileContracts()))
// The sandbox's build cache: pages unchanged since the last `npm start` or test run are not built again.
const shipped = [...pages, framePage]
const built = await buildPages(join(root, ".sandbox/web"), shipped)
for (const page of shipped) {
  const folder = built.get(page.name) ?? fail(`the ${page.name} page was not built`)
  cpSync(folder, prebuiltPageFolder(page.name, pathToFileURL(`${prebuilt}/`)), { recursive: true })
}
const images = readdirSync(join(root, "sandbox/tokens")).filter((name) => name.endsWith(".svg")).map((name) => `tokens/${name}`)
for (const file of ["onramp/checkout.js", "onramp/checkout.css", ...images]) {
  mkdirSync(dirname(join(packaged, file)), { recursive: true })
  cpSync(join(root, "sandbox", file), join(packaged, file))
}

interface Manifest {
  readonly dependencies?: Readonly<Record<string, string>>
  readonly peerDependencies?: Readonly<Record<string, string>>
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>
}
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Manifest
const tools = new Set(sandboxTools.map((tool) => tool.name))
for (const tool of tools) {
  if (manifest.peerDependencies?.[tool] === undefined || manifest.peerDependenciesMeta?.[tool]?.optional !== true) {
    fail(`${tool} is a sandbox tool but not an optional peer dependency in package.json`)
  }
}

const unshipped = [...staticPackages(entry)].filter((name) => manifest.dependencies?.[name] === undefined && !tools.has(name))
if (unshipped.length > 0) fail(`the package's sandbox imports ${unshipped.join(", ")}, neither a dependency nor a sandbox tool`)
console.log(`package sandbox: added the pages (${[...built.keys()].join(", ")}), the contracts, the checkout and the images to ${packaged}`)
