/**
 * The packages the browser tests load, so Vite pre-bundles them before the first test instead of
 * discovering one mid-run and reloading the page under it. Effect is imported per module, so every
 * `effect/*` module the browser floors import is read from their sources rather than listed by hand.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

const browserFloors = ["core", "app", "ui", "http/api", "http/client", "frame", "test/ui", "test/app", "test/core/connectors", "test/frame"]

const sourcesIn = (folder: string): ReadonlyArray<string> =>
  readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))

const effectModules = [
  ...new Set(
    browserFloors.flatMap(sourcesIn).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/from "(effect\/[A-Za-z/-]+)"/g)].map((match) => match[1] ?? "")
    )
  )
].toSorted()

export const browserDependencies = [
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "react-dom",
  "react-dom/client",
  "vitest-browser-react",
  "axe-core",
  "mipd",
  "viem",
  "viem/accounts",
  "viem/chains",
  "@wagmi/core",
  "uqr",
  "@wallet-standard/app",
  "@wallet-standard/base",
  // WalletConnect's client (core/walletconnect/) loads these when the modal opens.
  "@noble/curves/ed25519",
  "@noble/ciphers/chacha",
  "@noble/hashes/hkdf",
  "@noble/hashes/sha2",
  "@noble/hashes/utils",
  "@scure/base",
  // The embedded wallet's frame keeps its keys with these (frame/custody/).
  "@scure/bip32",
  "@scure/bip39",
  "@scure/bip39/wordlists/english",
  "micro-key-producer/slip10.js",
  "shamir-secret-sharing",
  "@solana/kit",
  ...effectModules
]
