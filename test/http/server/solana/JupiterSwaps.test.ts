/**
 * Solana swaps through a Jupiter-compatible API: the convert calls on the Solana cluster against the
 * devnet's Jupiter stand-in. Tokens are SOL (by the wrapped-SOL mint) and USDC; a quote is the pool's
 * constant-product price as computed here from the reserves read on chain; the built transaction, once
 * the user signs it, lands and moves exactly the quoted amounts. A swap API that fails, answers garbage,
 * answers a quote for something else or a transaction that is not the user's to sign gives a 502, never
 * a number; a pair with no route a 400; allowances and gas prices are not Solana's.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import {
  address,
  createKeyPairFromBytes,
  createSolanaRpc,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  signTransaction,
  type Signature
} from "@solana/kit"
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { solMint } from "../../../../http/server/solana/JupiterWire.ts"
import { startApiServer, type ApiServer } from "../../../../http/server/start.ts"
import { sandboxSolanaOptions } from "../../../../sandbox/solana/MainnetShape.ts"
import { startSolanaDevnet, type SolanaDevnet } from "../../../../sandbox/solana/SolanaDevnet.ts"

let devnet: SolanaDevnet
let api: ApiServer
let broken: ApiServer
let liar: ApiServer
let fake: Server
/** What the fake swap API answers next: by path. */
let fakeAnswers: Record<string, { status: number; body: unknown }> = {}

const projects = { p: { allowedOrigins: ["*"] } }
const query = "projectId=p&st=portico&sv=test"

beforeAll(async () => {
  devnet = await startSolanaDevnet()
  fake = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://fake.invalid").pathname
    const answer = fakeAnswers[path] ?? { status: 500, body: { error: "down" } }
    response.writeHead(answer.status, { "content-type": "application/json" }).end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve))
  const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/swap/v1`
  const solana = sandboxSolanaOptions(devnet.rpcUrl, devnet.deployment.caipNetworkId, devnet.jupiterUrl)
  ;[api, broken, liar] = await Promise.all([
    startApiServer({ port: 0, projects, solana }),
    startApiServer({ port: 0, projects, solana: sandboxSolanaOptions(devnet.rpcUrl, devnet.deployment.caipNetworkId, "http://127.0.0.1:9/swap/v1") }),
    startApiServer({ port: 0, projects, solana: sandboxSolanaOptions(devnet.rpcUrl, devnet.deployment.caipNetworkId, fakeUrl) })
  ])
}, 120_000)

afterAll(async () => {
  await Promise.all([api?.stop(), broken?.stop(), liar?.stop()])
  await new Promise((resolve) => fake?.close(resolve))
  await devnet?.stop()
})

const chain = () => devnet.deployment.caipNetworkId
const sol = () => `${chain()}:${solMint}`
const usdc = () => `${chain()}:${devnet.deployment.usdc.address}`
const alice = () => {
  const account = devnet.deployment.accounts[0]
  if (account === undefined) throw new Error("no Alice")
  return account
}

const get = async (path: string, params: Record<string, string>, server: ApiServer = api) => {
  const response = await fetch(`${server.url}${path}?${query}&${new URLSearchParams(params)}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}
const post = async (path: string, body: unknown, server: ApiServer = api) => {
  const response = await fetch(`${server.url}${path}?${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

type Quote = { fromAmount: string; toAmount: string; priceImpact: string; fee: string; route: ReadonlyArray<string> }
const quoteOf = async (from: string, to: string, amount: string, server: ApiServer = api) =>
  get("/v1/convert/quotes", { from, to, amount, userAddress: alice().address }, server)

const rpc = () => createSolanaRpc(devnet.rpcUrl)

/** The pool's reserves as the chain holds them (its SOL above the one it keeps, its USDC account). */
const reserves = async (pool: string) => {
  const lamports = (await rpc().getBalance(address(pool)).send()).value - 1_000_000_000n
  const [ata] = await findAssociatedTokenPda({ owner: address(pool), mint: address(devnet.deployment.usdc.address), tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const token = (await rpc().getTokenAccountBalance(ata).send()).value.amount
  return { sol: lamports, usdc: BigInt(token) }
}

const usdcOf = async (owner: string) => {
  const { value } = await rpc().getTokenAccountsByOwner(address(owner), { mint: address(devnet.deployment.usdc.address) }, { encoding: "jsonParsed" }).send()
  return BigInt((value[0]?.account.data as { parsed: { info: { tokenAmount: { amount: string } } } } | undefined)?.parsed.info.tokenAmount.amount ?? "0")
}

describe("Solana swaps through Jupiter's API", () => {
  it("lists SOL (by the wrapped-SOL mint) and USDC", async () => {
    const { status, body } = await get("/v1/convert/tokens", { chainId: chain() })
    expect(status).toBe(200)
    expect((body["tokens"] as ReadonlyArray<{ symbol: string; address: string; decimals: number }>).map(({ symbol, address: id, decimals }) => [symbol, id, decimals]))
      .toEqual([["SOL", sol(), 9], ["USDC", usdc(), 6]])
  })

  it("quotes the pool's constant-product price, fee taken in the input, as computed from its reserves", async () => {
    for (const [from, to, amount] of [[sol(), usdc(), "1000000000"], [usdc(), sol(), "25000000"]] as const) {
      const { status, body } = await quoteOf(from, to, amount)
      expect(status).toBe(200)
      const [quote] = body["quotes"] as ReadonlyArray<Quote>
      const [hop] = quote?.route ?? []
      expect(hop).toBe(from)
      const pool = await reserves(String((await (await fetch(`${devnet.jupiterUrl}/quote?inputMint=${solMint}&outputMint=${devnet.deployment.usdc.address}&amount=1000000`)).json() as { routePlan: ReadonlyArray<{ swapInfo: { ammKey: string } }> }).routePlan[0]?.swapInfo.ammKey))
      const [reserveIn, reserveOut] = from === sol() ? [pool.sol, pool.usdc] : [pool.usdc, pool.sol]
      const net = BigInt(amount) - (BigInt(amount) * 25n + 9_999n) / 10_000n
      expect(quote?.toAmount).toBe(((reserveOut * net) / (reserveIn + net)).toString())
      expect(quote?.fee).toBe("0.25")
    }
  })

  it("builds a transaction that, signed by the user alone, lands and moves exactly the quoted amounts", async () => {
    const user = alice()
    const quoted = ((await quoteOf(sol(), usdc(), "2000000000")).body["quotes"] as ReadonlyArray<Quote>)[0]
    const built = await post("/v1/convert/build-transaction", { amount: "2000000000", from: sol(), to: usdc(), userAddress: user.address, projectId: "p" })
    expect(built.status).toBe(200)
    const tx = built.body["tx"] as { from: string; to: string; data: string; amount: string }
    expect(tx.from).toBe(user.address)
    const partial = getTransactionDecoder().decode(getBase64Encoder().encode(tx.data))
    const signed = await signTransaction([await createKeyPairFromBytes(Uint8Array.from(user.secretKey))], partial)
    const usdcBefore = await usdcOf(user.address)
    const signature = await rpc().sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: "base64" }).send()
    await expect.poll(async () => (await rpc().getSignatureStatuses([signature as Signature]).send()).value[0]?.confirmationStatus, { timeout: 15_000 }).toBeDefined()
    expect((await rpc().getSignatureStatuses([signature as Signature]).send()).value[0]?.err).toBeNull()
    expect((await usdcOf(user.address)) - usdcBefore).toBe(BigInt(quoted?.toAmount ?? "0"))
  })

  it("answers 400 naming the field for a token it does not swap, a malformed amount, or the same token on both sides", async () => {
    const cases: ReadonlyArray<readonly [Record<string, string>, string]> = [
      [{ from: `${chain()}:Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB` }, "from:"],
      [{ amount: "1.5" }, "amount:"],
      [{ amount: "0" }, "amount:"],
      [{ to: sol() }, "to:"]
    ]
    for (const [change, field] of cases) {
      const { status, body } = await get("/v1/convert/quotes", { from: sol(), to: usdc(), amount: "1000", userAddress: alice().address, ...change })
      expect([status, String(body["message"]).startsWith(field)]).toEqual([400, true])
    }
    expect((await get("/v1/convert/allowance", { tokenAddress: usdc(), userAddress: alice().address })).body["message"]).toBe("Network not supported for Swaps")
    expect((await get("/v1/convert/gas-price", { chainId: chain() })).body["message"]).toBe("Network not supported for Gas Price")
  })

  it("answers 502, never a number, when the swap API is down, answers garbage, quotes something else or builds a foreign transaction", async () => {
    expect((await quoteOf(sol(), usdc(), "1000000", broken)).status).toBe(502)
    const good = (await (await fetch(`${devnet.jupiterUrl}/quote?inputMint=${solMint}&outputMint=${devnet.deployment.usdc.address}&amount=1000000&slippageBps=100`)).json()) as Record<string, unknown>
    const answers: ReadonlyArray<Record<string, { status: number; body: unknown }>> = [
      { "/swap/v1/quote": { status: 500, body: { error: "Internal error" } } },
      { "/swap/v1/quote": { status: 200, body: "<html>maintenance</html>" } },
      { "/swap/v1/quote": { status: 200, body: { ...good, outAmount: "not a number" } } },
      { "/swap/v1/quote": { status: 200, body: { ...good, inAmount: "999" } } },
      { "/swap/v1/quote": { status: 200, body: { ...good, otherAmountThreshold: "999999999999" } } }
    ]
    for (const answer of answers) {
      fakeAnswers = answer
      const { status, body } = await quoteOf(sol(), usdc(), "1000000", liar)
      expect([status, body["_tag"]]).toEqual([502, "UpstreamUnavailable"])
      expect(body).not.toHaveProperty("quotes")
    }
    fakeAnswers = { "/swap/v1/quote": { status: 400, body: { error: "Could not find any route", errorCode: "COULD_NOT_FIND_ANY_ROUTE" } } }
    expect(await quoteOf(sol(), usdc(), "1000000", liar)).toMatchObject({ status: 400, body: { message: "to: Could not find any route" } })
    // A transaction paid by someone else: refused before any wallet sees it.
    const other = devnet.deployment.accounts[1]?.address ?? ""
    const foreign = await (await fetch(`${devnet.jupiterUrl}/swap`, { method: "POST", body: JSON.stringify({ userPublicKey: other, quoteResponse: good }) })).json()
    fakeAnswers = { "/swap/v1/quote": { status: 200, body: good }, "/swap/v1/swap": { status: 200, body: foreign } }
    const built = await post("/v1/convert/build-transaction", { amount: "1000000", from: sol(), to: usdc(), userAddress: alice().address, projectId: "p" }, liar)
    expect([built.status, built.body["_tag"]]).toEqual([502, "UpstreamUnavailable"])
  })
})
