/**
 * Benchmark (a script, not a test): `node test/bench/balance.ts [--seconds 5] [--requests 20000] [--concurrency 32] [--distinct-seconds 60]`.
 * Loads three of Portico's read endpoints — the wallet registry, the cached history and the cached
 * balance (the API server against the sandbox EVM devnet) — and, in the same run, a bare node:http
 * server answering each one's JSON bytes. Prints each throughput ratio (target ≥ 0.5), Portico's p99
 * at half the bare server's rate (target ≤ 20 ms), and a legitimate client's p99 while a flood of
 * random unknown project ids runs next to it (target: within 2× of its quiet value); then, for
 * `--distinct-seconds` (default 60), history questions over 100,000 distinct addresses, printing the
 * server's RSS and throughput per 10 s (targets: RSS within 20 % of where it settled, throughput
 * unchanged). Each server runs in a process of its own.
 * Loopback only; each phase stops at the request budget or the time budget, whichever comes first.
 */
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { Agent, get } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { startEvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { chainOf } from "../../sandbox/evm/EvmDeployment.ts"
import { startExplorerServer } from "../../sandbox/explorer/ExplorerServer.ts"
import { explorerOptionsFor, sandboxExplorerKey } from "../../sandbox/explorer/SandboxExplorer.ts"

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "5" },
    "distinct-seconds": { type: "string", default: "60" },
    requests: { type: "string", default: "20000" },
    concurrency: { type: "string", default: "32" }
  }
})
const seconds = Number(values.seconds)
const distinctSeconds = Number(values["distinct-seconds"])
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

/**
 * `rate` requests per second for `seconds`, each timed from its scheduled start (no coordinated omission).
 * One ticking loop starts whatever is due, so the generator's own cost does not grow with the run's length.
 */
const paced = async (url: string, rate: number): Promise<Result> => {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const total = Math.max(1, Math.floor(rate * seconds))
  const latencies: Array<number> = []
  const pending: Array<Promise<void>> = []
  const t0 = performance.now()
  let next = 0
  while (next < total) {
    const now = performance.now()
    for (; next < total && t0 + (next * 1000) / rate <= now; next++) {
      const scheduled = t0 + (next * 1000) / rate
      pending.push(fetchStatus(url, agent).then((status) => {
        if (status !== 200) throw new Error(`${url} answered ${status}`)
        latencies.push(performance.now() - scheduled)
      }))
    }
    await new Promise((resolve) => setImmediate(resolve))
  }
  await Promise.all(pending)
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
  const statuses = new Map<number, number>()
  const sent = Promise.all(Array.from({ length: connections }, async () => {
    while (flag.running) {
      const status = await fetchStatus(`${base}/v1/supported-chains?projectId=flood-${Math.random().toString(36).slice(2)}&st=x&sv=1`, agent)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
  })).then(() => {
    agent.destroy()
    return statuses
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
// History comes through the sandbox explorer, unthrottled here: the bench measures the server, not a rate limit.
const explorer = await startExplorerServer({
  host: "127.0.0.1", port: 0, chains: [chain], apiKey: sandboxExplorerKey, tokenList: {}, rateLimit: { requests: 1_000_000_000, perSeconds: 1 }
})
const options = {
  projects: { bench: { allowedOrigins: ["*"] } },
  rateLimit: { requests: 1_000_000_000, perSeconds: 1 },
  evm: [{
    chainId: chain.chainId,
    rpcUrl: chain.rpcUrl,
    tokens: chainOf(evm.deployment, chain.chainId).tokens,
    explorer: { ...explorerOptionsFor(explorer.url, chain.chainId, 0), requestsPerSecond: 1_000_000 }
  }],
  prices: { [`eip155:${chain.chainId}:native`]: 2000 }
}

/** A child process that prints `listening on <url>` once ready; stopped with SIGTERM. */
const startProcess = async (args: ReadonlyArray<string>, env: NodeJS.ProcessEnv, cleanup: () => void) => {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] })
  const url = await new Promise<string>((resolve, reject) => {
    let printed = ""
    child.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(printed)
      if (match?.[1] !== undefined) resolve(match[1])
    })
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}`)))
  })
  return {
    url,
    /** The process's resident memory now, in MiB (Linux). */
    rss: () => {
      const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))
      return Number(line?.[1] ?? Number.NaN) / 1024
    },
    stop: async () => {
      await new Promise<void>((done) => {
        child.once("exit", () => done())
        child.kill("SIGTERM")
      })
      cleanup()
    }
  }
}

/**
 * Each server runs in a process of its own, as deployed, and the load comes from this one: sharing an
 * event loop with the load generator would charge the generator's work to the server.
 */
const dir = mkdtempSync(join(tmpdir(), "portico-bench-"))
const configFile = join(dir, "portico.json")
writeFileSync(configFile, JSON.stringify({ api: options }))
const startApiProcess = (name: string) =>
  startProcess(["http/cli/main.ts", "--only", "api", "--config", configFile], { PORTICO_API_PORT: "0", PORTICO_DATA_DIR: join(dir, name) }, () => undefined)

/** A bare node:http server answering the bytes of `file` to everything. */
const bareSource = `
const body = require("node:fs").readFileSync(process.argv[1])
const server = require("node:http").createServer((request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": body.length })
  response.end(body)
})
server.listen(0, "127.0.0.1", () => console.log("listening on http://127.0.0.1:" + server.address().port + "/"))
process.once("SIGTERM", () => server.close(() => process.exit(0)))
`
const startBareProcess = (body: Buffer) => {
  const file = join(dir, `body-${body.length}.json`)
  writeFileSync(file, body)
  return startProcess(["-e", bareSource, file], {}, () => undefined)
}

const row = (name: string, r: Result) =>
  `${name.padEnd(34)} ${r.requests.toString().padStart(7)} req  ${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`

const api = await startApiProcess("db")
try {
  const sdk = "projectId=bench&st=portico&sv=bench"
  const endpoints = [
    ["wallet registry", `${api.url}/getWallets?${sdk}&page=1&entries=40`],
    ["cached history", `${api.url}/v1/account/${owner.address}/history?${sdk}&chainId=eip155:${chain.chainId}`],
    ["cached balance", `${api.url}/v1/account/${owner.address}/balance?${sdk}&currency=usd&chainId=eip155:${chain.chainId}`]
  ] as const
  console.log(`loopback, ${concurrency} connections, up to ${maxRequests} requests or ${seconds} s per phase; each server in its own process`)
  for (const [name, url] of endpoints) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer())
    const bare = await startBareProcess(body)
    try {
      await load(bare.url)
      await load(url)
      const bareResult = await load(bare.url)
      const portico = await load(url)
      const half = await paced(url, bareResult.perSecond / 2)
      // The same pace against the bare server: what the loopback, this generator and the machine add.
      const bareHalf = await paced(bare.url, bareResult.perSecond / 2)
      console.log(row(`bare node:http (${body.length} B)`, bareResult))
      console.log(row(`bare node:http at half its rate`, bareHalf))
      console.log(row(`Portico ${name}`, portico))
      console.log(row(`Portico ${name} at half bare rate`, half))
      console.log(`ratio ${name}: ${(portico.perSecond / bareResult.perSecond).toFixed(3)}  p99 at half rate: ${half.p99.toFixed(2)} ms`)
    } finally {
      await bare.stop()
    }
  }
  // A legitimate client at a modest rate, quiet and then beside a flood of random unknown project ids.
  const balanceUrl = endpoints[2][1]
  await load(balanceUrl)
  const quiet = await paced(balanceUrl, 200)
  const flooding = flood(api.url, paced(balanceUrl, 200), concurrency)
  const busy = await flooding.measured
  const flooded = await flooding.sent
  console.log(row("legit client, quiet", quiet))
  console.log(row("legit client, during flood", busy))
  const answered = [...flooded].map(([status, count]) => `${count}×${status}`).join(", ")
  console.log(`flood of unknown project ids (answered ${answered}): legit p99 ${busy.p99.toFixed(2)} ms vs quiet ${quiet.p99.toFixed(2)} ms (${(busy.p99 / quiet.p99).toFixed(2)}×)`)

  // Questions about 100,000 distinct addresses for `distinctSeconds`: every cache keyed by address fills
  // to its bound, and memory and throughput must stay where they settled.
  const addresses = Array.from({ length: 100_000 }, (_, index) => `0x${(index + 1).toString(16).padStart(40, "0")}`)
  let asked = 0
  const rssBefore = api.rss()
  const distinctAgent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const windows: Array<{ readonly requests: number; readonly rss: number }> = []
  const distinctEnd = performance.now() + distinctSeconds * 1000
  let windowStart = performance.now()
  let inWindow = 0
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < distinctEnd) {
      const address = addresses[asked++ % addresses.length]
      const status = await fetchStatus(`${api.url}/v1/account/${address}/history?${sdk}&chainId=eip155:${chain.chainId}`, distinctAgent)
      if (status !== 200) throw new Error(`history answered ${status}`)
      inWindow++
      if (performance.now() - windowStart >= 10_000) {
        windows.push({ requests: inWindow / ((performance.now() - windowStart) / 1000), rss: api.rss() })
        windowStart = performance.now()
        inWindow = 0
      }
    }
  }))
  distinctAgent.destroy()
  const settled = windows[0]
  const last = windows.at(-1)
  if (settled !== undefined && last !== undefined) {
    console.log(`${asked} questions over ${Math.min(asked, addresses.length)} distinct addresses, from ${rssBefore.toFixed(0)} MiB, per 10 s: ${windows.map((window) => `${window.requests.toFixed(0)} req/s ${window.rss.toFixed(0)} MiB`).join(", ")}`)
    console.log(`distinct addresses: RSS ${last.rss.toFixed(0)} MiB vs ${settled.rss.toFixed(0)} settled (${((last.rss / settled.rss - 1) * 100).toFixed(1)} %), throughput ${(last.requests / settled.requests).toFixed(2)}× the first 10 s`)
  }
} finally {
  await api.stop()
  await explorer.stop()
  await evm.stop()
  rmSync(dir, { recursive: true, force: true })
}
