/**
 * An ERC-4337 bundler per devnet: Pimlico's Alto (open source, GPL-3.0), run as its own process against the
 * chain's JSON-RPC with EntryPoint v0.8, speaking the bundler RPC a real site's bundler speaks
 * (`eth_sendUserOperation`, `eth_estimateUserOperationGas`, `eth_getUserOperationReceipt`…). ERC-7562's
 * tracing rules need `debug_traceCall` with a JS tracer, which the devnets do not offer: Alto runs with
 * safe mode off, checking everything else. Alto listens on every interface (it has no host option), on a port
 * of its own: the bundler's URL is a front on 127.0.0.1 that answers browsers' CORS preflight as hosted bundlers
 * do (Alto has none), so a wallet in a page reaches it as it would a real one.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { createRequire } from "node:module"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { bundlerExecutorKey, bundlerUtilityKey, entryPointAddress } from "../evm/AccountAbstraction.ts"
import { rpcCall, rpcResult } from "../evm/RpcResult.ts"
import { type RpcProvider, serveJsonRpc } from "../evm/RpcServer.ts"

export interface Bundler {
  readonly chainId: number
  /** The bundler's JSON-RPC endpoint on 127.0.0.1. */
  readonly url: string
  stop(): Promise<void>
}

/** Where Alto is installed, if it is (its exports map hides its files from `require.resolve`). */
export const altoFolder = (): string | undefined =>
  (createRequire(import.meta.url).resolve.paths("@pimlico/alto") ?? [])
    .map((folder) => join(folder, "@pimlico", "alto"))
    .find((folder) => existsSync(join(folder, "package.json")))

const altoCli = (): string => {
  const folder = altoFolder()
  if (folder === undefined) throw new BundlerStartError("Alto (@pimlico/alto) is not installed")
  return join(folder, "esm/cli/alto.js")
}

/** Alto logs one JSON object a line (`--json`); the line that says where it listens carries the port it was given. */
const listeningPort = (line: string): number | undefined => {
  const match = /"msg":"Server listening at http:\/\/[^:]+:(\d+)"/.exec(line)
  return match?.[1] === undefined ? undefined : Number(match[1])
}

const stopped = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })

/**
 * Starts Alto for one chain (port 0: one the system picks), and resolves once it answers
 * `eth_supportedEntryPoints` with EntryPoint v0.8; rejects with its last log lines if it exits first.
 */
export const startBundler = (options: { readonly chainId: number; readonly rpcUrl: string; readonly port: number }): Promise<Bundler> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [
      altoCli(),
      "--entrypoints", entryPointAddress,
      "--executor-private-keys", bundlerExecutorKey,
      "--utility-private-key", bundlerUtilityKey,
      "--rpc-url", options.rpcUrl,
      "--safe-mode", "false",
      // The devnets mine on demand: a bundle is mined at once, and nothing waits for a block time.
      "--block-time", "250",
      "--port", "0",
      "--json",
      // The line that says where it listens is the rpc module's, at info.
      "--log-level", "warn",
      "--rpc-log-level", "info"
    ], { stdio: ["ignore", "pipe", "pipe"] })
    const lines: Array<string> = []
    let started = false
    const fail = (reason: string) => {
      if (started) return
      started = true
      void stopped(child).then(() => reject(new BundlerStartError(`Alto for chain ${options.chainId} ${reason}:\n${lines.slice(-20).join("\n")}`)))
    }
    const onLine = (line: string) => {
      // The last lines only: they say why it failed to start, and a long run must not grow them.
      if (lines.push(line) > 40) lines.shift()
      const port = listeningPort(line)
      if (port === undefined || started) return
      const altoUrl = `http://127.0.0.1:${port}`
      void answersEntryPoint(altoUrl).then(() => serveJsonRpc({ provider: forwardingTo(altoUrl), host: "127.0.0.1", port: options.port })).then(
        (front) => {
          started = true
          resolve({ chainId: options.chainId, url: front.url, stop: () => front.close().then(() => stopped(child)) })
        },
        (error: unknown) => fail(`does not answer: ${String(error)}`)
      )
    }
    let buffered = ""
    const read = (chunk: Buffer) => {
      buffered += chunk.toString("utf8")
      const parts = buffered.split("\n")
      buffered = parts.pop() ?? ""
      for (const line of parts) onLine(line)
    }
    child.stdout.on("data", read)
    child.stderr.on("data", read)
    child.once("error", (error) => fail(`could not start: ${error.message}`))
    child.once("exit", (code, signal) => fail(`exited (${signal ?? code})`))
  })

/** Each call passed on to Alto, its error (code, message, data) passed back as Alto gave it. */
const forwardingTo = (url: string): RpcProvider => ({ request: ({ method, params }) => rpcCall(url, method, params) })

const answersEntryPoint = async (url: string): Promise<void> => {
  const result = await rpcResult(url, "eth_supportedEntryPoints")
  if (!Array.isArray(result) || !result.some((address) => typeof address === "string" && address.toLowerCase() === entryPointAddress.toLowerCase())) {
    throw new BundlerStartError(`eth_supportedEntryPoints answered ${JSON.stringify(result)}`)
  }
}

export class BundlerStartError extends Error {
  override readonly name = "BundlerStartError"
}
