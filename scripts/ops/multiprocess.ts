/**
 * `npm run ops:multiprocess`: Portico as several machines would run it, on this one. A throwaway Postgres,
 * 2 API processes and 2 relay processes on it (`portico-server --only api|relay` with the deployment guide's
 * configuration, docs/deploy/portico.json, as GuideConfig.ts adapts it; loopback ports), and Debian's nginx in
 * front as the load balancer (installed with apt-get when missing). A dapp and a wallet pinned to different
 * relay processes pair, sign and send; then writers (wallet sign-ins) and relay publishers run a fixed amount of work through nginx while one
 * API process and one relay process are killed with SIGKILL and started again. At the end every acknowledged
 * write is read back and every acknowledged message must have reached its subscribers. It prints the counts and
 * the throughput, and exits 0 only when no acknowledged write and no acknowledged message was lost.
 *
 * A script, not a timed test: the work is a number of operations, so a busy machine only takes longer (only
 * loads that acknowledge nothing for two minutes fail it, as stuck).
 * Options (environment): MULTIPROCESS_WRITES (default 600), MULTIPROCESS_TOPICS (20),
 * MULTIPROCESS_MESSAGES (40 per topic).
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openDatabase } from "../../http/server/Database.ts"
import { startPostgres } from "../../test/http/support/postgres.ts"
import { writeRunConfig } from "./GuideConfig.ts"
import { loadBalancerSite } from "./LoadBalancerSite.ts"
import { ensureNginx, startNginx } from "./Nginx.ts"
import { pairPinned } from "./PinnedPair.ts"
import { reconnectTally } from "./ReconnectTally.ts"
import { startRelayLoad } from "./RelayLoad.ts"
import { reservePorts } from "./ReservedPorts.ts"
import { startServerProcess, type ServerProcess } from "./ServerProcess.ts"
import { readBack, runSignInLoad, type SignInLoadOptions } from "./SignInLoad.ts"

const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const writes = count("MULTIPROCESS_WRITES", 600)
const topics = count("MULTIPROCESS_TOPICS", 20)
const messagesPerTopic = count("MULTIPROCESS_MESSAGES", 40)
/** core/walletconnect/RelayClient.ts's default backoff cap; the last deliveries get four rounds of it. */
const backoffCapSeconds = 15
const deliveryWaitMs = backoffCapSeconds * 4000
/** Loads that acknowledge nothing this long are stuck (a process that never came back, a balancer gone): the run fails instead of hanging. */
const stallMs = 120_000

const log = (line: string) => console.log(`[multiprocess] ${line}`)
const cleanups: Array<() => Promise<void> | void> = []

const run = async (): Promise<boolean> => {
  ensureNginx()
  const postgres = await startPostgres()
  if (postgres === undefined) throw new Error("Debian's postgresql is not installed (apt-get install postgresql)")
  cleanups.push(() => postgres.stop())
  const admin = await openDatabase({ databaseUrl: postgres.url })
  await admin.query("CREATE DATABASE portico")
  await admin.close()
  const databaseUrl = postgres.url.replace(/\/postgres$/, "/portico")

  const work = mkdtempSync(join(tmpdir(), "portico-multiprocess-"))
  cleanups.push(() => rmSync(work, { recursive: true, force: true }))
  const config = writeRunConfig(work)
  const reserved = await reservePorts(2)
  const [apiPort = 0, relayPort = 0] = reserved.ports
  const balancer = `http://127.0.0.1:${apiPort}`
  const relayUrl = `ws://127.0.0.1:${relayPort}`
  // Two processes of each kind on one machine: loopback, and a free port for each one's metrics.
  const env = { DATABASE_URL: databaseUrl, PORTICO_API_HOST: "127.0.0.1", PORTICO_API_METRICS_PORT: "0", PORTICO_RELAY_HOST: "127.0.0.1", PORTICO_RELAY_METRICS_PORT: "0", PORTICO_RELAY_PUBLIC_URL: relayUrl }
  const apis: Array<ServerProcess> = await Promise.all([0, 1].map(() => startServerProcess("api", config.file, env)))
  const relays: Array<ServerProcess> = await Promise.all([0, 1].map(() => startServerProcess("relay", config.file, env)))
  cleanups.push(() => Promise.all([...apis, ...relays].map((server) => server.kill("SIGTERM"))).then(() => undefined))
  log(`postgres ${postgres.url}; API processes on ${apis.map((api) => api.port).join(", ")}; relay processes on ${relays.map((relay) => relay.port).join(", ")}`)

  await reserved.release()
  const nginx = await startNginx(loadBalancerSite({ apiListenPort: apiPort, relayListenPort: relayPort, apiPorts: apis.map((api) => api.port), relayPorts: relays.map((relay) => relay.port) }))
  cleanups.push(() => nginx.stop())
  log(`nginx balancing the API at ${balancer} and the relay at ${relayUrl}`)

  const reconnects = reconnectTally()
  const pair = await pairPinned(relayUrl, 0, 1, reconnects)
  cleanups.push(() => pair.close())
  const paired = await pair.signs("Across two relay processes") && await pair.sends()
  log(`dapp on relay process 0 and wallet on relay process 1 paired; personal_sign and eth_sendTransaction ${paired ? "answered" : "FAILED"}`)

  // The crash: once both loads are under way (a twentieth of each acknowledged, or half of either), API process 0 and
  // relay process 1 (the wallet's) are killed and started again while both run.
  let crash: Promise<void> | undefined
  let crashedUnderLoad = false
  let restartSeconds = 0
  const progress = { writes: 0, messages: 0, at: performance.now() }
  let watchdog: ReturnType<typeof setInterval> | undefined
  const stalled = new Promise<never>((_, reject) => {
    watchdog = setInterval(() => {
      if (performance.now() - progress.at < stallMs) return
      clearInterval(watchdog)
      reject(new Error(`no write or message was acknowledged for ${stallMs / 1000} s (${progress.writes}/${writes} writes, ${progress.messages}/${topics * messagesPerTopic} messages)`))
    }, 1000)
  })
  cleanups.push(() => clearInterval(watchdog))
  const maybeCrash = () => {
    progress.at = performance.now()
    const shares = [progress.writes / writes, progress.messages / (topics * messagesPerTopic)]
    if (crash !== undefined || (Math.min(...shares) < 0.05 && Math.max(...shares) < 0.5)) return
    crashedUnderLoad = progress.writes < writes && progress.messages < topics * messagesPerTopic
    log(`kill -9 API process 0 (port ${apis[0]?.port}) and relay process 1 (port ${relays[1]?.port}) at ${progress.writes}/${writes} writes and ${progress.messages}/${topics * messagesPerTopic} messages`)
    const killedAt = performance.now()
    crash = Promise.all([
      restart(apis, 0, () => startServerProcess("api", config.file, env, apis[0]?.port)),
      restart(relays, 1, () => startServerProcess("relay", config.file, env, relays[1]?.port))
    ]).then(() => {
      restartSeconds = (performance.now() - killedAt) / 1000
      log(`both started again on their ports, ${restartSeconds.toFixed(1)} s after the kill`)
    })
  }

  const signIn: SignInLoadOptions = {
    url: balancer, projectId: config.projectId, origin: config.origin, chainId: config.chainId, writers: 6, writes,
    onAcknowledged: (done) => {
      progress.writes = done
      maybeCrash()
    }
  }
  const relayLoad = await startRelayLoad({
    url: relayUrl, processes: 2, topics, messagesPerTopic, ttlSeconds: 600, reconnects,
    onPublished: (done) => {
      progress.messages = done
      maybeCrash()
    }
  })
  cleanups.push(() => relayLoad.close())
  const started = performance.now()
  const seconds = () => (performance.now() - started) / 1000
  const [[writeResult, writesSeconds], [published, messagesSeconds]] = await Promise.race([
    Promise.all([
      runSignInLoad(signIn).then((result) => [result, seconds()] as const),
      relayLoad.published.then((messages) => [messages, seconds()] as const)
    ]).then(async (results) => {
      await crash
      return results
    }),
    stalled
  ])
  clearInterval(watchdog)
  if (!crashedUnderLoad) throw new Error("a load ended before the crash: give it more work (MULTIPROCESS_WRITES, MULTIPROCESS_MESSAGES)")

  const pairedAfter = await pair.signs("After the crash") && await pair.sends()
  log(`after the crash the same session signs and sends: ${pairedAfter ? "yes" : "NO"}`)

  const deadline = performance.now() + deliveryWaitMs
  while (relayLoad.missing() > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200))
  const lostWrites = await readBack(signIn, writeResult.acknowledged)
  const lostMessages = relayLoad.missing()

  const apiFailures = Object.values(writeResult.failures).reduce((sum, n) => sum + n, 0)
  const relayFailures = Object.values(relayLoad.failures()).reduce((sum, n) => sum + n, 0)
  console.log([
    `acknowledged writes: ${writeResult.acknowledged.length}`,
    `writes lost: ${lostWrites.length}`,
    `messages published: ${published}`,
    `messages lost: ${lostMessages}`,
    `failed requests seen by clients: ${apiFailures + relayFailures} (API ${JSON.stringify(writeResult.failures)}, relay ${JSON.stringify(relayLoad.failures())}; none of them acknowledged)`,
    `throughput: ${(writeResult.requests / writesSeconds).toFixed(1)} requests/s (${writeResult.requests} in ${writesSeconds.toFixed(1)} s), ${(published / messagesSeconds).toFixed(1)} messages/s (${published} in ${messagesSeconds.toFixed(1)} s)`,
    `reconnects: ${reconnects.reconnects()} (the longest took ${(reconnects.longestMs() / 1000).toFixed(1)} s: the restart took ${restartSeconds.toFixed(1)} s, and clients back off up to ${backoffCapSeconds} s)`,
    `pairing across processes: ${paired && pairedAfter ? "ok" : "failed"}`
  ].join("\n"))
  return lostWrites.length === 0 && lostMessages === 0 && paired && pairedAfter
}

/** Kills `list[index]` with SIGKILL and puts its restarted self in its place. */
const restart = async (list: Array<ServerProcess>, index: number, start: () => Promise<ServerProcess>): Promise<void> => {
  await list[index]?.kill("SIGKILL")
  list[index] = await start()
}

const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await Promise.resolve(cleanup()).catch(() => undefined)
}

process.once("SIGINT", () => void cleanUp().then(() => process.exit(130)))
const ok = await run().catch((error: unknown) => {
  console.error(`[multiprocess] failed: ${error instanceof Error ? error.message : String(error)}`)
  return false
})
await cleanUp()
process.exit(ok ? 0 : 1)
