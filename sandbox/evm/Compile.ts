import { createHash } from "node:crypto"
import { mkdir, readFile, readdir, rename, writeFile } from "node:fs/promises"
import { createRequire } from "node:module"
import type { Abi, Hex } from "viem"
import { isPackaged, prebuiltContracts } from "../SandboxFiles.ts"

/** The contracts the sandbox deploys, by Solidity contract name. */
export const contractNames = [
  "Token",
  "LegacyToken",
  "Collection",
  "SmartAccount",
  "SmartAccountFactory",
  "SponsorPaymaster",
  "SpendPermissions",
  "Multicall3",
  "WrappedEther",
  "PriceFeed",
  "UniswapV2Factory",
  "UniswapV2Pair",
  "UniswapV2Router02",
  "UniswapV3Factory",
  "UniswapV3Pool",
  "QuoterV2",
  "SwapRouter02",
  "PoolSeeder",
  "EnsRegistry",
  "PublicResolver",
  "UniversalResolver",
  "IdRegistry"
] as const

/**
 * ERC-4337's EntryPoint v0.8 and its audited EIP-7702 account, byte for byte as deployed on real chains:
 * read from eth-infinitism's published artifacts (`@account-abstraction/contracts`), never recompiled,
 * so that CREATE2 with the official salts lands them at their canonical addresses (AccountAbstraction.ts).
 */
export const publishedContractNames = ["EntryPoint", "Simple7702Account"] as const

const allContractNames = [...contractNames, ...publishedContractNames] as const
export type ContractName = (typeof allContractNames)[number]

export interface CompiledContract {
  readonly abi: Abi
  readonly bytecode: Hex
}

export type CompiledContracts = Readonly<Record<ContractName, CompiledContract>>

const contractsDir = new URL("./contracts/", import.meta.url)
const cacheDir = new URL("../../.sandbox/cache/", import.meta.url)

// Cancun runs on every hardfork EDR offers, and the same bytecode keeps addresses and gas identical.
const settings = {
  evmVersion: "cancun",
  optimizer: { enabled: true, runs: 200 },
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } }
}

const packageVersion = (name: string): string => {
  const manifest: unknown = createRequire(import.meta.url)(`${name}/package.json`)
  if (typeof manifest === "object" && manifest !== null && "version" in manifest && typeof manifest.version === "string") {
    return manifest.version
  }
  throw new CompileError(`cannot read the ${name} package version`)
}

const readSources = async (): Promise<Record<string, { content: string }>> => {
  const files = (await readdir(contractsDir)).filter((file) => file.endsWith(".sol")).toSorted()
  const sources: Record<string, { content: string }> = {}
  for (const file of files) {
    sources[file] = { content: await readFile(new URL(file, contractsDir), "utf8") }
  }
  return sources
}

/**
 * Compiles sandbox/evm/contracts with solc-js (standard JSON), caching the result under
 * .sandbox/cache/ by a hash of the compiler version, the settings and every source.
 * The package ships them compiled (SandboxFiles.ts), so a host needs no solc.
 */
export const compileContracts = async (): Promise<CompiledContracts> => {
  if (isPackaged) return parseCompiled(JSON.parse(await readFile(prebuiltContracts, "utf8")))
  const sources = await readSources()
  const version = packageVersion("solc")
  const published = packageVersion("@account-abstraction/contracts")
  const key = createHash("sha256").update(JSON.stringify({ version, published, settings, sources })).digest("hex").slice(0, 16)
  const cacheFile = new URL(`evm-contracts-${key}.json`, cacheDir)
  // A missing or unreadable cache entry just means compiling again.
  const cached = await readFile(cacheFile, "utf8")
    .then((text) => parseCompiled(JSON.parse(text)))
    .catch(() => undefined)
  if (cached !== undefined) return cached

  const { default: solc } = await import("solc")
  const compile: (input: string) => string = solc.compile
  const output: unknown = JSON.parse(compile(JSON.stringify({ language: "Solidity", sources, settings })))
  const compiled = parseCompiled({ ...fromSolcOutput(output), ...publishedContracts() })
  await mkdir(cacheDir, { recursive: true })
  // Write then rename: parallel test workers may compile at once and must never read half a file.
  const temporary = new URL(`evm-contracts-${key}.${process.pid}.tmp`, cacheDir)
  await writeFile(temporary, JSON.stringify(compiled))
  await rename(temporary, cacheFile)
  return compiled
}

const publishedContracts = (): Record<string, unknown> => {
  const require = createRequire(import.meta.url)
  return Object.fromEntries(publishedContractNames.map((name) => [name, require(`@account-abstraction/contracts/artifacts/${name}.json`)]))
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const fromSolcOutput = (output: unknown): Record<string, unknown> => {
  if (!isRecord(output)) throw new CompileError("solc returned no JSON object")
  const errors = Array.isArray(output["errors"]) ? output["errors"] : []
  const fatal = errors.filter((error) => isRecord(error) && error["severity"] === "error")
  if (fatal.length > 0) {
    throw new CompileError(fatal.map((error) => (isRecord(error) ? String(error["formattedMessage"]) : "")).join("\n"))
  }
  const contracts = output["contracts"]
  if (!isRecord(contracts)) throw new CompileError("solc output has no contracts")
  const found: Record<string, unknown> = {}
  for (const file of Object.values(contracts)) {
    if (!isRecord(file)) continue
    for (const [name, contract] of Object.entries(file)) {
      if (!isRecord(contract) || !isRecord(contract["evm"]) || !isRecord(contract["evm"]["bytecode"])) continue
      found[name] = { abi: contract["abi"], bytecode: `0x${String(contract["evm"]["bytecode"]["object"])}` }
    }
  }
  return found
}

const parseCompiled = (value: unknown): CompiledContracts => {
  if (!isRecord(value)) throw new CompileError("compiled contracts are not an object")
  const entry = (name: ContractName): CompiledContract => {
    const contract = value[name]
    if (!isRecord(contract) || !Array.isArray(contract["abi"]) || typeof contract["bytecode"] !== "string") {
      throw new CompileError(`contract ${name} is missing from the compiler output`)
    }
    const bytecode = contract["bytecode"]
    if (!/^0x[0-9a-f]+$/.test(bytecode)) throw new CompileError(`contract ${name} has no bytecode`)
    // solc's ABI JSON is the Abi shape by construction; viem checks each item when it encodes.
    return { abi: contract["abi"] as Abi, bytecode: bytecode as Hex }
  }
  return Object.fromEntries(allContractNames.map((name) => [name, entry(name)])) as Record<ContractName, CompiledContract>
}

export class CompileError extends Error {
  override readonly name = "CompileError"
}
