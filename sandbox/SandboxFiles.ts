/**
 * Files the sandbox reads beside its code: `sandbox/` in a checkout, `dist/sandbox/` in the package.
 * The package also ships, under `prebuilt/`, what a checkout makes with its build tools (Vite pages,
 * solc's contracts), so that `startSandbox` from the package needs neither (scripts/package/sandbox.ts).
 */
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"

const sandboxFolder = new URL("./", import.meta.url)

/** A file beside the sandbox's code, by its path under `sandbox/`. */
export const sandboxFile = (path: string): URL => new URL(path, sandboxFolder)

const prebuiltFolder = sandboxFile("prebuilt/")

/** Whether this is the package's sandbox, which serves prebuilt pages and contracts instead of building them. */
export const isPackaged: boolean = existsSync(prebuiltFolder)

/** Where the package keeps a prebuilt page, and where the packaging script writes it. */
export const prebuiltPageFolder = (name: string, base: URL = prebuiltFolder): string => fileURLToPath(new URL(`pages/${name}/`, base))

/** The compiled contracts' file name under `prebuilt/`. */
export const prebuiltContractsName = "evm-contracts.json"

/** The package's compiled contracts. */
export const prebuiltContracts: URL = new URL(prebuiltContractsName, prebuiltFolder)
