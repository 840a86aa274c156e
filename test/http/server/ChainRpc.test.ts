/**
 * The chain RPC endpoint against the real API server forwarding to the sandbox devnets: reads and
 * batches answered by the nodes, signing methods refused with JSON-RPC codes, the project's origin
 * allowlist and rate limit, immutable answers cached, Solana reads and sendTransaction forwarded.
 */
import {
  createKeyPairFromBytes,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  signTransaction
} from "@solana/kit"
import * as Effect from "effect/Effect"
import { createPublicClient, http, parseEther, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ChainRead from "../../../core/rpc/ChainRead.ts"
import { fallbackTransport } from "../../../core/rpc/Transport.ts"
import * as RpcCode from "../../../core/RpcCode.ts"
import * as SolanaSend from "../../../core/send/SolanaSend.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../../sandbox/solana/SolanaDevnet.ts"

let evm: EvmDevnets
let solana: SolanaDevnet
let api: ApiServer
let limited: ApiServer
let roomy: ApiServer
let bulk: ApiServer

beforeAll(async () => {
  ;[evm, solana] = await Promise.all([startEvmDevnets({ ports: [0, 0] }), startSolanaDevnet({ port: 0 })])
  const chains = {
    evm: evm.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
    solana: { rpcUrl: solana.rpcUrl, caipNetworkId: solana.deployment.caipNetworkId }
  }
  ;[api, limited, roomy, bulk] = await Promise.all([
    startApiServer({ port: 0, projects: { site: { allowedOrigins: ["https://*.example.com"] } }, ...chains }),
    startApiServer({ port: 0, projects: { site: { allowedOrigins: ["*"] } }, rateLimit: { requests: 3, perSeconds: 60 }, ...chains }),
    startApiServer({ port: 0, projects: { site: { allowedOrigins: ["*"] } }, rateLimit: { requests: 10, perSeconds: 60 }, ...chains }),
    // Room for the full batch and the refused one after it, whatever time passes between them.
    startApiServer({ port: 0, projects: { site: { allowedOrigins: ["*"] } }, rateLimit: { requests: 2000, perSeconds: 60 }, ...chains })
  ])
}, 120_000)
afterAll(async () => {
  await Promise.allSettled([api?.stop(), limited?.stop(), roomy?.stop(), bulk?.stop(), evm?.stop(), solana?.stop()])
})

const endpoint = (server: ApiServer, chainId = "eip155:31337", projectId = "site") =>
  `${server.url}/v1/?chainId=${encodeURIComponent(chainId)}&projectId=${projectId}`

const post = async (url: string, body: unknown, origin?: string) => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(origin === undefined ? {} : { origin }) },
    body: JSON.stringify(body)
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

const call = (id: number, method: string, params: ReadonlyArray<unknown> = []) => ({ jsonrpc: "2.0", id, method, params })
const logs = (id: number, filter: Record<string, unknown>) => call(id, "eth_getLogs", [filter])

describe("chain RPC endpoint", () => {
  it("forwards a read and answers what the node holds", async () => {
    const { status, body } = await post(endpoint(api), call(7, "eth_chainId"))
    expect(status).toBe(200)
    expect(body).toEqual({ jsonrpc: "2.0", id: 7, result: "0x7a69" })
    const second = await post(endpoint(api, "eip155:31338"), call(1, "eth_chainId"))
    expect(second.body).toMatchObject({ result: "0x7a6a" })
  })

  it("answers a batch call by call, in order, each with its own id; a refused call does not sink the batch", async () => {
    const address = evm.deployment.accounts[0]?.address ?? ""
    const { body } = await post(endpoint(api), [
      call(1, "eth_blockNumber"),
      call(2, "eth_getBalance", [address, "latest"]),
      call(3, "eth_sendTransaction", [{ from: address, to: address }]),
      { jsonrpc: "2.0", id: 4 },
      call(5, "eth_chainId")
    ])
    const answers = body as ReadonlyArray<{ id: number; result?: string; error?: { code: number } }>
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3, 4, 5])
    const balance = await createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) }).getBalance({ address: address as Hex })
    expect(BigInt(answers[1]?.result ?? "0x0")).toBe(balance)
    expect(answers[2]?.error?.code).toBe(RpcCode.table.MethodNotSupported.code)
    expect(answers[3]?.error?.code).toBe(RpcCode.table.InvalidRequest.code)
    expect(answers[4]?.result).toBe("0x7a69")
  })

  it("answers a full batch of 1000 calls where the rate allows them (over the API's 64 KiB body limit) and refuses a larger one", async () => {
    const address = evm.deployment.accounts[0]?.address ?? ""
    const calls = Array.from({ length: 1000 }, (_, id) => call(id, "eth_getBalance", [address, "latest"]))
    expect(JSON.stringify(calls).length).toBeGreaterThan(64 * 1024)
    const full = await post(endpoint(bulk), calls)
    expect(full.status).toBe(200)
    const answers = full.body as ReadonlyArray<{ id: number; result?: string }>
    expect(answers.map((answer) => answer.id)).toEqual(calls.map((sent) => sent.id))
    expect(new Set(answers.map((answer) => answer.result)).size).toBe(1)
    const tooMany = await post(endpoint(bulk), Array.from({ length: 1001 }, (_, id) => call(id, "eth_chainId")))
    expect(tooMany.body).toMatchObject({ error: { code: RpcCode.table.LimitExceeded.code, message: "At most 1000 calls per batch" } })
  })

  it("attack: a batch costs one rate-limit token per call, so a 1,000-call batch does not ride on one token", async () => {
    const url = endpoint(roomy, "eip155:31338", "site")
    const huge = await post(url, Array.from({ length: 1000 }, (_, id) => call(id, "eth_blockNumber")))
    expect(huge.body).toMatchObject({ error: { code: RpcCode.table.LimitExceeded.code, message: expect.stringContaining("costs 1000 requests") } })
    const nine = await post(url, Array.from({ length: 9 }, (_, id) => call(id, "eth_blockNumber")))
    expect(nine.status).toBe(200)
    expect(nine.body).toHaveLength(9)
    // The refused batch took one token, the nine calls nine: the bucket of ten is empty.
    const next = await post(url, call(1, "eth_chainId"))
    expect(next.status).toBe(429)
    expect(next.body).toMatchObject({ error: { code: RpcCode.table.LimitExceeded.code } })
  })

  it("attack: eth_getLogs spans at most 1,000 blocks (tags measured against the head); one block by hash always passes", async () => {
    const head = await createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) }).getBlock()
    const { body } = await post(endpoint(api), [
      logs(1, { fromBlock: "0x0", toBlock: "0x3e7" }),
      logs(2, { fromBlock: "0x0", toBlock: "0x3e8" }),
      logs(3, { fromBlock: "latest", toBlock: `0x${(head.number + 1000n).toString(16)}` }),
      logs(4, { blockHash: head.hash }),
      logs(5, {}),
      logs(6, { fromBlock: "0x0", toBlock: "latest", blockHash: head.hash }),
      logs(7, { fromBlock: "0x10000000000000000000000000000000000000000000000000000000000000000" })
    ])
    const answers = body as ReadonlyArray<{ id: number; result?: unknown; error?: { code: number; message: string } }>
    expect(answers[0]?.result).toBeInstanceOf(Array)
    expect(answers[1]?.error).toEqual({ code: RpcCode.table.LimitExceeded.code, message: "eth_getLogs: at most 1000 blocks per call (this filter spans 1001); split the range" })
    // `latest` is the head: up to 1,000 blocks past it is 1,001 blocks.
    expect(answers[2]?.error?.message).toMatch(/spans 1001\)/)
    expect(answers[3]?.result).toBeInstanceOf(Array)
    expect(answers[4]?.result).toBeInstanceOf(Array)
    expect(answers[5]?.error?.code).toBe(RpcCode.table.InvalidParams.code)
    expect(answers[6]?.error?.code).toBe(RpcCode.table.InvalidParams.code)
  })

  it("attack: Solana calls that scan a program or the whole chain are refused, naming why; getBlocks spans at most 1,000 slots", async () => {
    const { body } = await post(endpoint(api, solana.deployment.caipNetworkId), [
      call(1, "getProgramAccounts", ["TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"]),
      call(2, "getLargestAccounts"),
      call(3, "getBlocks", [0, 5000]),
      call(4, "getBlocks", [0]),
      call(5, "getBlocks", [0, 10])
    ])
    const answers = body as ReadonlyArray<{ id: number; result?: unknown; error?: { code: number; message: string } }>
    expect(answers[0]?.error).toEqual({
      code: RpcCode.table.MethodNotSupported.code,
      message: "getProgramAccounts is not served by this endpoint: it reads every account a program owns (use a node of your own)"
    })
    expect(answers[1]?.error?.code).toBe(RpcCode.table.MethodNotSupported.code)
    expect(answers[2]?.error?.message).toMatch(/^getBlocks: at most 1000 slots per call/)
    expect(answers[3]?.error?.message).toMatch(/^getBlocks: name the end slot/)
    expect(answers[4]?.error?.code).not.toBe(RpcCode.table.LimitExceeded.code)
  })

  it("refuses every signing or node-changing method with 'Method not supported'", async () => {
    for (const method of ["eth_sendTransaction", "personal_sign", "eth_sign", "eth_accounts", "hardhat_setBalance", "debug_traceTransaction", "wallet_sendCalls"]) {
      const { body } = await post(endpoint(api), call(1, method))
      expect(body).toMatchObject({ id: 1, error: { code: RpcCode.table.MethodNotSupported.code } })
    }
  })

  it("applies the project's origin allowlist; calls without an Origin pass", async () => {
    expect((await post(endpoint(api), call(1, "eth_chainId"), "https://app.example.com")).status).toBe(200)
    const refused = await post(endpoint(api), call(1, "eth_chainId"), "https://evil.test")
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ error: { code: RpcCode.table.Unauthorized.code, message: "Unauthorized: origin not allowed" } })
    const unknown = await post(endpoint(api, "eip155:31337", "nobody"), call(1, "eth_chainId"))
    expect(unknown.status).toBe(401)
  })

  it("applies the project's rate limit per client with 'Limit exceeded'", async () => {
    const statuses: Array<number> = []
    let last: unknown
    for (let i = 0; i < 5; i++) {
      const answer = await post(endpoint(limited, solana.deployment.caipNetworkId), call(i, "getGenesisHash"))
      statuses.push(answer.status)
      last = answer.body
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    expect(last).toMatchObject({ error: { code: RpcCode.table.LimitExceeded.code } })
  })

  it("serves Solana reads (a GET carries one call in the query) and refuses unknown chains and bad JSON", async () => {
    const get = await fetch(`${endpoint(api, solana.deployment.caipNetworkId)}&method=getGenesisHash&id=9`)
    expect(await get.json()).toEqual({ jsonrpc: "2.0", id: 9, result: solana.deployment.genesisHash })
    const rpc = createSolanaRpc(endpoint(api, solana.deployment.caipNetworkId))
    const owner = solana.deployment.accounts[0]?.address ?? ""
    expect((await rpc.getBalance(owner as Parameters<typeof rpc.getBalance>[0]).send()).value).toBeGreaterThan(0n)
    const unknown = await post(endpoint(api, "eip155:1"), call(1, "eth_chainId"))
    expect(unknown.body).toMatchObject({ error: { code: RpcCode.table.InvalidChainId.code } })
    const broken = await fetch(endpoint(api), { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" })
    expect(await broken.json()).toMatchObject({ error: { code: RpcCode.table.ParseError.code } })
    const empty = await post(endpoint(api), [])
    expect(empty.body).toMatchObject({ error: { code: RpcCode.table.InvalidRequest.code } })
  })

  it("broadcasts a signed Solana transaction with sendTransaction", async () => {
    const [owner] = solana.deployment.accounts
    if (owner === undefined) throw new Error("no demo account")
    const receiver = (await generateKeyPairSigner()).address
    const solanaEndpoint = endpoint(api, solana.deployment.caipNetworkId)
    const read = ChainRead.fromRequest(fallbackTransport([solanaEndpoint])({}).request)
    const { wire } = await Effect.runPromise(SolanaSend.transactionOf(read, { from: owner.address, to: receiver, units: 1_000_000n }))
    const keyPair = await createKeyPairFromBytes(Uint8Array.from(owner.secretKey))
    const signed = await signTransaction([keyPair], getTransactionDecoder().decode(wire))
    const { body } = await post(solanaEndpoint, call(1, "sendTransaction", [getBase64EncodedWireTransaction(signed), { encoding: "base64" }]))
    expect((body as { result: string }).result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    const rpc = createSolanaRpc(solanaEndpoint)
    await expect.poll(async () => (await rpc.getBalance(receiver).send()).value, { timeout: 15_000 }).toBe(1_000_000n)
  })

  it("broadcasts a signed transaction with eth_sendRawTransaction", async () => {
    const sender = evm.deployment.accounts[3]
    if (sender === undefined) throw new Error("no demo account")
    const account = privateKeyToAccount(sender.privateKey)
    const reader = createPublicClient({ transport: http(endpoint(api)) })
    const nonce = await reader.getTransactionCount({ address: account.address })
    const gasPrice = await reader.getGasPrice()
    const raw = await account.signTransaction({ chainId: 31337, to: account.address, value: parseEther("0.001"), nonce, gas: 21_000n, gasPrice })
    const { body } = await post(endpoint(api), call(1, "eth_sendRawTransaction", [raw]))
    const hash = (body as { result: Hex }).result
    expect((await reader.waitForTransactionReceipt({ hash })).status).toBe("success")
    // A mined receipt never changes: with the node gone (last test), the cache still answers it.
    const receipt = await post(endpoint(api), call(2, "eth_getTransactionReceipt", [hash]))
    await evm.stop().catch(() => undefined)
    const again = await post(endpoint(api), call(3, "eth_getTransactionReceipt", [hash]))
    expect((again.body as { result: unknown }).result).toEqual((receipt.body as { result: unknown }).result)
  })
})
