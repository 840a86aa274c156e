/**
 * Benchmark (a script, not a test): `node test/bench/balance.ts [--seconds 5] [--requests 20000] [--concurrency 32]`.
 * Loads three of Portico's read endpoints — the wallet registry, the cached history and the cached
 * balance (the API server against the sandbox EVM devnet) — and, in the same run, a bare node:http
 * server answering each one's JSON bytes. Prints each throughput ratio (target ≥ 0.5), Portico's p99
 * at half the bare server's rate (target ≤ 20 ms), and a legitimate client's p99 while a flood of
 * random unknown project ids runs next to it (target: within 2× of its quiet value), that phase against
 * the server in its own process.
 * Loopback only; each phase stops at the request budget or the time budget, whichever comes first.
 */
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Agent, createServer, get } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { AddressInfo } from "node:net"
import { parseArgs } from "node:util"
import { startApiServer } from "../../http/server/start.ts"
import { startEvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    requests: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "32" }
  }
})
const seconds = Number(values.seconds)
const maxRequests = Number(values.requests)
const concurrency = Number(values.concurrency)

interface Result {
  readonly requests: number
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
}

/** One GET on a kept-alive connection; resolves with the status once the body is read. */
const fetchStatus = (url: string, agent: Agent) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent }, (response) => {
      response.resume()
      response.once("end", () => resolve(response.statusCode ?? 0))
      response.once("error", reject)
    }).once("error", reject)
  })

/** `rate` requests per second for `seconds`, each timed from its scheduled start (no coordinated omission). */
const paced = async (url: string, rate: number): Promise<Result> => {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const total = Math.max(1, Math.floor(rate * seconds))
  const t0 = performance.now()
  const latencies = await Promise.all(Array.from({ length: total }, async (_, index) => {
    const scheduled = t0 + (index * 1000) / rate
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, scheduled - performance.now())))
    const status = await fetchStatus(url, agent)
    if (status !== 200) throw new Error(`${url} answered ${status}`)
    return performance.now() - scheduled
  }))
  agent.destroy()
  const sorted = latencies.toSorted((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { requests: total, perSecond: total / ((performance.now() - t0) / 1000), p50: at(0.5), p99: at(0.99) }
}

/** Requests with random unknown project ids as fast as `connections` allow, while `measured` runs. */
const flood = <A,>(base: string, measured: Promise<A>, connections: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const flag = { running: true }
  const done = measured.finally(() => { flag.running = false })
  let count = 0
  const sent = Promise.all(Array.from({ length: connections }, async () => {
    while (flag.running) {
      await fetchStatus(`${base}/v1/supported-chains?projectId=flood-${Math.random().toString(36).slice(2)}&st=x&sv=1`, agent)
      count++
    }
  })).then(() => {
    agent.destroy()
    return count
  })
  return { measured: done, sent }
}

const load = async (url: string): Promise<Result> => {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const latencies: Array<number> = []
  const deadline = performance.now() + seconds * 1000
  let started = 0
  const worker = async () => {
    while (started < maxRequests && performance.now() < deadline) {
      started++
      const t0 = performance.now()
      const status = await fetchStatus(url, agent)
      if (status !== 200) throw new Error(`${url} answered ${status}`)
      latencies.push(performance.now() - t0)
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  const elapsed = (performance.now() - t0) / 1000
  agent.destroy()
  const sorted = latencies.toSorted((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p99: at(0.99) }
}

const evm = await startEvmDevnets()
const chain = evm.chains[0]
const owner = evm.deployment.accounts[0]
if (chain === undefined || owner === undefined) throw new Error("the EVM devnet has no chain or account")
const options = {
  projects: { bench: { allowedOrigins: ["*"] } },
  rateLimit: { requests: 1_000_000_000, perSeconds: 1 },
  evm: [{
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    tokens: evm.deployment.tokens
  }],
  prices: { [`eip155:${chain.chainId}:native`]: 2000 }
}
const api = await startApiServer({ port: 0, ...options })

/**
 * The same server in a process of its own (`http/server/main.ts`, as deployed), for the flood phase:
 * in this process the flood's generator would take the event loop the server needs.
 */
const startApiProcess = async (): Promise<{ readonly url: string; readonly stop: () => Promise<void> }> => {
  const dir = mkdtempSync(join(tmpdir(), "portico-bench-"))
  const configFile = join(dir, "api.json")
  writeFileSync(configFile, JSON.stringify(options))
  const child = spawn(process.execPath, ["http/server/main.ts"], {
    env: { ...process.env, PORTICO_API_CONFIG: configFile, PORTICO_API_PORT: "0", PORTICO_DATA_DIR: join(dir, "db") },
    stdio: ["ignore", "pipe", "inherit"]
  })
  const url = await new Promise<string>((resolve, reject) => {
    let printed = ""
    child.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(printed)
      if (match?.[1] !== undefined) resolve(match[1])
    })
    child.once("exit", (code) => reject(new Error(`the API process exited with ${code}`)))
  })
  return {
    url,
    stop: async () => {
      await new Promise<void>((done) => {
        child.once("exit", () => done())
        child.kill("SIGTERM")
      })
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
const sdk = "projectId=bench&st=portico&sv=bench"
const endpoints = [
  ["wallet registry", `${api.url}/getWallets?${sdk}&page=1&entries=40`],
  ["cached history", `${api.url}/v1/account/${owner.address}/history?${sdk}&chainId=eip155:${chain.chainId}`],
  ["cached balance", `${api.url}/v1/account/${owner.address}/balance?${sdk}&currency=usd&chainId=eip155:${chain.chainId}`]
] as const

/** A bare node:http server answering `body` to everything. */
const bareServer = async (body: Buffer) => {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "content-length": body.length })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const row = (name: string, r: Result) =>
  `${name.padEnd(34)} ${r.requests.toString().padStart(7)} req  ${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`

try {
  console.log(`loopback, ${concurrency} connections, up to ${maxRequests} requests or ${seconds} s per phase`)
  for (const [name, url] of endpoints) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer())
    const bare = await bareServer(body)
    try {
      await load(bare.url)
      await load(url)
      const bareResult = await load(bare.url)
      const portico = await load(url)
      const half = await paced(url, bareResult.perSecond / 2)
      console.log(row(`bare node:http (${body.length} B)`, bareResult))
      console.log(row(`Portico ${name}`, portico))
      console.log(row(`Portico ${name} at half bare rate`, half))
      console.log(`ratio ${name}: ${(portico.perSecond / bareResult.perSecond).toFixed(3)}  p99 at half rate: ${half.p99.toFixed(2)} ms`)
    } finally {
      await bare.close()
    }
  }
  // A legitimate client at a modest rate, quiet and then beside a flood of random unknown project ids,
  // against the server in its own process.
  const separate = await startApiProcess()
  const balanceUrl = `${separate.url}/v1/account/${owner.address}/balance?${sdk}&currency=usd&chainId=eip155:${chain.chainId}`
  await load(balanceUrl)
  const quiet = await paced(balanceUrl, 200)
  const flooding = flood(separate.url, paced(balanceUrl, 200), concurrency)
  const busy = await flooding.measured
  const flooded = await flooding.sent
  await separate.stop()
  console.log(row("legit client, quiet", quiet))
  console.log(row("legit client, during flood", busy))
  console.log(`flood of ${flooded} unknown-project requests: legit p99 ${busy.p99.toFixed(2)} ms vs quiet ${quiet.p99.toFixed(2)} ms (${(busy.p99 / quiet.p99).toFixed(2)}×)`)
} finally {
  await api.stop()
  await evm.stop()
}
