/**
 * The onramp API against the sandbox's onramp provider (both ramps) on the EVM devnets: options merged from
 * both providers and narrowed to the server's chains, quotes in the spec's fee range that match an
 * independent computation, limits and unknown inputs refused naming the field, checkout URLs the
 * provider's checkout accepts (and refuses once tampered with or expired), and whole purchases paid over
 * the checkout's form whose tokens arrive on chain and whose callback lands in the `onramp` history.
 * Callbacks are refused unsigned or forged, stored once when replayed, refused when they lie about the
 * chain, and follow the chain's status (not mined yet, reverted).
 */
import * as fc from "fast-check"
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { hardhat } from "viem/chains"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as CallbackSignature from "../../../http/server/onramp/CallbackSignature.ts"
import * as CheckoutToken from "../../../http/server/onramp/CheckoutToken.ts"
import { signatureHeader, type PurchaseCallback } from "../../../http/server/onramp/ProviderProtocol.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { sandboxUsdPrices } from "../../../sandbox/evm/SandboxContracts.ts"
import { startExplorerServer, type ExplorerServer } from "../../../sandbox/explorer/ExplorerServer.ts"
import { explorerOptionsFor, sandboxExplorerKey } from "../../../sandbox/explorer/SandboxExplorer.ts"
import { startOnrampProvider, type OnrampProvider } from "../../../sandbox/onramp/OnrampProvider.ts"
import { newCredentials, serverOptions } from "../../../sandbox/onramp/Ramps.ts"

let evm: EvmDevnets
let provider: OnrampProvider
let explorer: ExplorerServer
let api: ApiServer
let bare: ApiServer
let degraded: ApiServer
const credentials = newCredentials()

const chain = "eip155:31337"
const network = "portico-local"
const query = "projectId=test-project&st=portico&sv=test"
const projects = { "test-project": { allowedOrigins: ["*"] } }

beforeAll(async () => {
  evm = await startEvmDevnets()
  provider = await startOnrampProvider({ networks: evm.chains, credentials, callbackUrl: (ramp) => `${api.url}/v1/onramp/callback/${ramp.id}` })
  // The provider delivers on both chains; this server is configured for the first only.
  const [first] = evm.chains
  if (first === undefined) throw new Error("no devnet")
  const [rampA, rampB] = serverOptions(provider.url, credentials).providers
  if (rampA === undefined || rampB === undefined) throw new Error("no sandbox ramps")
  // The plain history (the chain's transactions) comes through the sandbox explorer.
  explorer = await startExplorerServer({ host: "127.0.0.1", port: 0, chains: [first], apiKey: sandboxExplorerKey, tokenList: {} })
  ;[api, bare, degraded] = await Promise.all([
    startApiServer({
      port: 0,
      projects,
      evm: [{ chainId: first.chainId, rpcUrl: first.rpcUrl, tokens: evm.deployment.tokens, explorer: explorerOptionsFor(explorer.url, first.chainId, 0) }],
      onramp: serverOptions(provider.url, credentials)
    }),
    startApiServer({ port: 0, projects }),
    // The second provider refuses this server's key: the onramp carries on with the first.
    startApiServer({
      port: 0,
      projects,
      evm: [{ chainId: first.chainId, rpcUrl: first.rpcUrl, tokens: evm.deployment.tokens }],
      onramp: { providers: [rampA, { ...rampB, apiKey: "not-the-key" }] }
    })
  ])
}, 180_000)

afterAll(async () => {
  await Promise.all([api?.stop(), bare?.stop(), degraded?.stop(), explorer?.stop()])
  await provider?.stop()
  await evm?.stop()
})

type Body = Record<string, unknown>
const post = async (path: string, body: unknown, server: ApiServer = api) => {
  const response = await fetch(`${server.url}${path}?${query}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Body }
}
const get = async (path: string, params: Record<string, string> = {}, server: ApiServer = api) => {
  const response = await fetch(`${server.url}${path}?${query}&${new URLSearchParams(params)}`)
  return { status: response.status, body: (await response.json()) as Body }
}

const usdc = () => {
  const found = evm.deployment.tokens.find((token) => token.symbol === "USDC")
  if (found === undefined) throw new Error("no USDC")
  return found
}
const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })
const usdcOf = (owner: Address) => reader().readContract({ address: usdc().address, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

interface Quote {
  readonly coinbaseFee: { amount: string; currency: string }
  readonly networkFee: { amount: string; currency: string }
  readonly paymentSubtotal: { amount: string; currency: string }
  readonly paymentTotal: { amount: string; currency: string }
  readonly purchaseAmount: { amount: string; currency: string }
  readonly quoteId: string
}

const checkoutRequest = (address: string, asset: string, ramp: string, presetFiatAmount = 50) => ({
  destinationWallets: [{ address, blockchains: [network], assets: [asset] }],
  defaultNetwork: network,
  partnerUserId: address,
  defaultExperience: "buy",
  presetFiatAmount,
  paymentCurrency: "USD",
  provider: ramp
})

const checkoutUrl = async (address: string, asset: string, ramp: string) => {
  const { status, body } = await post("/v1/generators/onrampurl", checkoutRequest(address, asset, ramp))
  expect(status).toBe(200)
  return new URL(String(body["url"]))
}

const futureExpiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, "0")}`

/** Sends the checkout's card form, as the page does. */
const pay = async (url: URL, cardNumber: string) => {
  const ramp = url.pathname.split("/")[1]
  const response = await fetch(`${provider.url}/${ramp}/checkout/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session: url.searchParams.get("session") ?? "", card_number: cardNumber, expiry: futureExpiry, cvc: "123" })
  })
  return { status: response.status, html: await response.text() }
}

const historyOf = async (address: string, params: Record<string, string> = { onramp: "1" }) => {
  const { status, body } = await get(`/v1/account/${address}/history`, params)
  expect(status).toBe(200)
  return body["data"] as ReadonlyArray<{
    id: string
    metadata: Record<string, string>
    transfers: ReadonlyArray<{ direction: string; fungible_info: { symbol: string; icon: { url: string } }; quantity: { numeric: string } }>
  }>
}

/** Posts a callback as `ramp`, signed with `secret` (the ramp's own by default). */
const callback = async (body: PurchaseCallback, options: { readonly ramp?: string; readonly signature?: string | null; readonly raw?: string } = {}) => {
  const ramp = options.ramp ?? "ramp-a"
  const text = options.raw ?? JSON.stringify(body)
  const secret = credentials.get(ramp)?.secret ?? ""
  const signature = options.signature === undefined ? CallbackSignature.sign(secret, new TextEncoder().encode(text)) : options.signature
  const response = await fetch(`${api.url}/v1/onramp/callback/${ramp}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === null ? {} : { [signatureHeader]: signature }) },
    body: text
  })
  return { status: response.status, body: response.status === 204 ? undefined : (await response.json()) as Body }
}

/** A USDC transfer of `units` from demo account 7 (holding 10,000 USDC from the seed) to `to`. */
const sendUsdc = (to: Address, units: bigint, options: { readonly gas?: bigint } = {}) =>
  createWalletClient({ account: privateKeyToAccount(accountAt(7).privateKey), transport: http(evm.chains[0]?.rpcUrl), chain: hardhat })
    .writeContract({ address: usdc().address, abi: erc20Abi, functionName: "transfer", args: [to, units], ...options })

const claimOf = (hash: Hex, to: Address, amount: string, purchaseId: string): PurchaseCallback => ({
  purchase_id: purchaseId,
  partner_user_id: to,
  quote_id: "test-quote",
  chain_id: "31337",
  contract_address: usdc().address,
  destination_address: to,
  purchase_amount: amount,
  payment_total: { value: "10.00", currency: "USD" },
  transaction_hash: hash
})

const rpc = (method: string, params: ReadonlyArray<unknown> = []) =>
  fetch(evm.chains[0]?.rpcUrl ?? "", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })

/** Ceiling division, for the independent quote computation. */
const up = (a: bigint, b: bigint) => a / b + (a % b === 0n ? 0n : 1n)
const cents = (text: string) => BigInt(text.replace(".", ""))
const open = (ramp: string, token: string) => fetch(`${provider.url}/${ramp}/checkout?session=${encodeURIComponent(token)}`)

describe("onramp options and quotes", () => {
  it("merges both providers' options, narrowed to the chains and tokens this server is configured for", async () => {
    const { status, body } = await get("/v1/onramp/options")
    expect(status).toBe(200)
    expect(body["providers"]).toEqual([{ id: "ramp-a", name: "Sandbox Ramp A" }, { id: "ramp-b", name: "Sandbox Ramp B" }])
    // The provider also sells on the second chain, which this server does not read: left out.
    expect(body["purchaseCurrencies"]).toEqual([
      { id: "ETH", name: "Ether", symbol: "ETH", networks: [{ name: network, display_name: "Portico Local", chain_id: "31337", contract_address: "" }] },
      { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [{ name: network, display_name: "Portico Local", chain_id: "31337", contract_address: usdc().address }] }
    ])
    const limits = [{ id: "card", min: "10.00", max: "7500.00" }, { id: "ach_bank_account", min: "10.00", max: "25000.00" }]
    expect(body["paymentCurrencies"]).toEqual([{ id: "USD", payment_method_limits: limits }, { id: "EUR", payment_method_limits: limits }])
  })

  it("quotes each provider with its fee, in the spec's range of 1 to 2 %, as an independent computation gives it", async () => {
    const pct: Readonly<Record<string, bigint>> = { "ramp-a": 1n, "ramp-b": 2n }
    // USD per unit of the payment currency, as a fraction.
    const fiat: Readonly<Record<string, readonly [bigint, bigint]>> = { USD: [1n, 1n], EUR: [108n, 100n] }
    const assets: Readonly<Record<string, { readonly usd: bigint; readonly gas: bigint; readonly shown: number }>> = {
      ETH: { usd: BigInt(sandboxUsdPrices.native), gas: 21_000n, shown: 8 },
      USDC: { usd: BigInt(sandboxUsdPrices.token), gas: 65_000n, shown: 6 }
    }
    await fc.assert(fc.asyncProperty(
      fc.constantFrom("ramp-a", "ramp-b"),
      fc.constantFrom("ETH", "USDC"),
      fc.constantFrom("USD", "EUR"),
      fc.bigInt({ min: 1_000n, max: 2_500_000n }),
      async (ramp, asset, currency, total) => {
        const amount = `${total / 100n}.${String(total % 100n).padStart(2, "0")}`
        const { status, body } = await post("/v1/onramp/quote", { purchaseCurrency: asset, paymentCurrency: currency, amount, network, provider: ramp })
        expect(status).toBe(200)
        const quote = body as unknown as Quote
        const [num, den] = fiat[currency] ?? [1n, 1n]
        const { usd, gas, shown } = assets[asset] ?? { usd: 1n, gas: 0n, shown: 0 }
        const fee = up(total * (pct[ramp] ?? 0n), 100n)
        // Gas at 1 gwei, paid in Ether at its USD price, in cents of the payment currency.
        const networkFee = up(gas * 10n ** 9n * BigInt(sandboxUsdPrices.native) * 100n * den, 10n ** 18n * num)
        const subtotal = total - fee - networkFee
        const bought = (subtotal * num * 10n ** BigInt(shown)) / (100n * den * usd)
        expect(cents(quote.coinbaseFee.amount)).toBe(fee)
        expect(cents(quote.networkFee.amount)).toBe(networkFee)
        expect(cents(quote.paymentSubtotal.amount)).toBe(subtotal)
        expect(cents(quote.paymentTotal.amount)).toBe(total)
        expect(parseUnits(quote.purchaseAmount.amount, shown)).toBe(bought)
        expect([quote.coinbaseFee.currency, quote.purchaseAmount.currency]).toEqual([currency, asset])
        // The fee is 1 % or 2 % of the total, rounded up to the cent.
        expect(fee * 100n).toBeGreaterThanOrEqual(total)
        expect(fee * 100n).toBeLessThan(total * 2n + 100n)
      }
    ), { numRuns: 40 })
  })

  it("takes the first provider when none is named", async () => {
    const request = { purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "100", network }
    const first = await post("/v1/onramp/quote", request)
    const named = await post("/v1/onramp/quote", { ...request, provider: "ramp-a" })
    expect((first.body as unknown as Quote).coinbaseFee).toEqual((named.body as unknown as Quote).coinbaseFee)
    expect((first.body as unknown as Quote).coinbaseFee.amount).toBe("1.00")
  })

  it("answers 400 naming the field for any amount outside the payment methods' limits", async () => {
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.bigInt({ min: 1n, max: 999n }), fc.bigInt({ min: 2_500_001n, max: 10n ** 10n })),
      async (total) => {
        const amount = `${total / 100n}.${String(total % 100n).padStart(2, "0")}`
        const { status, body } = await post("/v1/onramp/quote", { purchaseCurrency: "ETH", paymentCurrency: "EUR", amount, network })
        expect(status).toBe(400)
        expect(body["message"]).toBe("amount: must be from 10.00 to 25000.00 EUR")
      }
    ), { numRuns: 20 })
  })

  it("answers 400 naming the field for an unknown currency, network, payment currency, provider or a malformed amount", async () => {
    const request = { purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", network }
    const cases: ReadonlyArray<readonly [Body, string]> = [
      [{ purchaseCurrency: "DOGE" }, "purchaseCurrency:"],
      [{ network: "ethereum" }, "network:"],
      // The provider sells there, but this server is not configured for that chain.
      [{ network: "portico-local-2" }, "network:"],
      [{ paymentCurrency: "JPY" }, "paymentCurrency:"],
      [{ amount: "50.001" }, "amount:"],
      [{ amount: "1e3" }, "amount:"],
      [{ amount: "0" }, "amount:"],
      [{ provider: "ramp-z" }, "provider:"]
    ]
    for (const [change, field] of cases) {
      const { status, body } = await post("/v1/onramp/quote", { ...request, ...change })
      expect([status, String(body["message"]).startsWith(field)]).toEqual([400, true])
    }
  })

  it("lists the providers that answer, and answers 502 for a quote from one that does not", async () => {
    const options = await get("/v1/onramp/options", {}, degraded)
    expect([options.status, options.body["providers"]]).toEqual([200, [{ id: "ramp-a", name: "Sandbox Ramp A" }]])
    const request = { purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", network }
    expect((await post("/v1/onramp/quote", { ...request, provider: "ramp-a" }, degraded)).status).toBe(200)
    expect(await post("/v1/onramp/quote", { ...request, provider: "ramp-b" }, degraded)).toMatchObject({ status: 502, body: { _tag: "UpstreamUnavailable" } })
  })

  it("answers 501 for every onramp endpoint of a server without providers", async () => {
    const address = freshAddress()
    expect((await get("/v1/onramp/options", {}, bare)).status).toBe(501)
    expect((await post("/v1/onramp/quote", { purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", network }, bare)).status).toBe(501)
    expect((await post("/v1/generators/onrampurl", checkoutRequest(address, "ETH", "ramp-a"), bare)).status).toBe(501)
    expect((await get(`/v1/account/${address}/history`, { onramp: "1" }, bare)).status).toBe(501)
    const response = await fetch(`${bare.url}/v1/onramp/callback/ramp-a`, { method: "POST", body: "{}" })
    expect(response.status).toBe(501)
  })
})

describe("checkout URLs", () => {
  it("makes a URL the provider's checkout accepts, showing the order under a strict CSP without inline script", async () => {
    const address = freshAddress()
    const url = await checkoutUrl(address, "USDC", "ramp-b")
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/ramp-b/checkout`)
    const response = await fetch(url)
    const html = await response.text()
    expect(response.status).toBe(200)
    for (const shown of [address, "Portico Local", "USDC", "Sandbox Ramp B", "1.00 USD", "50.00 USD"]) expect(html).toContain(shown)
    const csp = response.headers.get("content-security-policy") ?? ""
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain("unsafe-inline")
    expect(html).toContain('<script type="module" src="/checkout.js"></script>')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/\sstyle=|<style/)
    const script = await fetch(`${provider.url}/checkout.js`)
    expect([script.status, script.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"])
  })

  it("is refused by the checkout once tampered with, sent to the other provider, or expired", async () => {
    const url = await checkoutUrl(freshAddress(), "ETH", "ramp-a")
    const session = url.searchParams.get("session") ?? ""
    const [header, payload, signature] = session.split(".")
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Record<string, unknown>
    const forged = Buffer.from(JSON.stringify({ ...claims, destination_address: freshAddress() })).toString("base64url")

    const tampered = await open("ramp-a", `${header}.${forged}.${signature}`)
    expect(tampered.status).toBe(400)
    expect(await tampered.text()).toContain("This checkout link is not valid")
    expect((await open("ramp-b", session)).status).toBe(400)

    const order = Object.fromEntries(Object.entries(claims).filter(([key]) => !["iss", "aud", "jti", "iat", "exp"].includes(key))) as CheckoutToken.CheckoutOrder
    const secret = credentials.get("ramp-a")?.secret ?? ""
    const now = Math.floor(Date.now() / 1000)
    const expired = await open("ramp-a", await CheckoutToken.sign(secret, "ramp-a", order, now - CheckoutToken.ttlSeconds - 1))
    expect(expired.status).toBe(410)
    expect(await expired.text()).toContain("This checkout link has expired")
    // The same order signed now is accepted: it is the expiry that was refused.
    expect((await open("ramp-a", await CheckoutToken.sign(secret, "ramp-a", order, now))).status).toBe(200)
  })

  it("answers 400 naming the field for a wrong address, an unknown network or asset, and an amount outside the limits", async () => {
    const address = freshAddress()
    const cases: ReadonlyArray<readonly [Body, string]> = [
      [{ destinationWallets: [{ address: "0x1234", blockchains: [network], assets: ["ETH"] }] }, "destinationWallets[0].address:"],
      [{ destinationWallets: [{ address: address.toLowerCase().replace("0x", "0X"), assets: ["ETH"] }] }, "destinationWallets[0].address:"],
      [{ defaultNetwork: "solana" }, "defaultNetwork:"],
      [{ destinationWallets: [{ address, assets: ["DOGE"] }] }, "destinationWallets[0].assets:"],
      [{ presetFiatAmount: 5 }, "presetFiatAmount:"],
      [{ presetFiatAmount: 12.345 }, "presetFiatAmount:"],
      [{ destinationWallets: [] }, "destinationWallets:"],
      [{ paymentCurrency: "GBP" }, "paymentCurrency:"]
    ]
    for (const [change, field] of cases) {
      const { status, body } = await post("/v1/generators/onrampurl", { ...checkoutRequest(address, "ETH", "ramp-a"), ...change })
      expect([status, String(body["message"]).startsWith(field)]).toEqual([400, true])
    }
  })
})

describe("purchases", () => {
  it("delivers USDC on chain when the card pays, and the callback puts it in the onramp history, once", async () => {
    const buyer = freshAddress()
    const quote = (await post("/v1/onramp/quote", { purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "50", network, provider: "ramp-a" })).body as unknown as Quote
    const before = await usdcOf(buyer)
    const url = await checkoutUrl(buyer, "USDC", "ramp-a")
    const paid = await pay(url, "4242 4242 4242 4242")
    expect(paid.status).toBe(200)
    expect(paid.html).toContain("You can close this window")
    const hash = /id="transaction">(0x[0-9a-f]{64})</.exec(paid.html)?.[1]
    expect(hash).toBeDefined()
    const delivered = parseUnits(quote.purchaseAmount.amount, 6)
    expect(await usdcOf(buyer) - before).toBe(delivered)

    const [entry, ...others] = await historyOf(buyer)
    expect(others).toEqual([])
    expect(entry?.metadata).toMatchObject({
      operationType: "buy",
      status: "ONRAMP_TRANSACTION_STATUS_SUCCESS",
      hash,
      chain,
      sentFrom: provider.treasury,
      sentTo: buyer
    })
    expect(Date.parse(entry?.metadata["minedAt"] ?? "")).toBeGreaterThan(Date.now() - 60_000)
    expect(entry?.transfers).toEqual([expect.objectContaining({
      direction: "in",
      fungible_info: { name: usdc().name, symbol: "USDC", icon: { url: `${api.url}/public/getTokenImage/USDC` } },
      quantity: { decimals: "6", numeric: quote.purchaseAmount.amount }
    })])
    // The plain history is the chain's transactions, without the purchase entries.
    expect((await historyOf(buyer, {})).every((transaction) => !transaction.id.startsWith("onramp:"))).toBe(true)

    // Sending the form again shows the same receipt and pays nothing more.
    const again = await pay(url, "4242 4242 4242 4242")
    expect(again.html).toContain(hash)
    expect(await usdcOf(buyer) - before).toBe(delivered)
    expect(await historyOf(buyer)).toHaveLength(1)
  })

  it("delivers Ether, and lists purchases newest first, narrowed to a provider when the onramp query names one", async () => {
    const buyer = freshAddress()
    const client = reader()
    const usdcPaid = await pay(await checkoutUrl(buyer, "USDC", "ramp-b"), "4242424242424242")
    expect(usdcPaid.status).toBe(200)
    const before = await client.getBalance({ address: buyer })
    const ethPaid = await pay(await checkoutUrl(buyer, "ETH", "ramp-a"), "4242424242424242")
    expect(ethPaid.status).toBe(200)
    const received = /You receive<\/dt><dd>([\d.]+) ETH/.exec(ethPaid.html)?.[1] ?? "0"
    expect(await client.getBalance({ address: buyer }) - before).toBe(parseUnits(received, 18))
    const all = await historyOf(buyer)
    expect(all.map((entry) => entry.transfers[0]?.fungible_info.symbol)).toEqual(["ETH", "USDC"])
    expect((await historyOf(buyer, { onramp: "ramp-b" })).map((entry) => entry.transfers[0]?.fungible_info.symbol)).toEqual(["USDC"])
    expect((await get(`/v1/account/${buyer}/history`, { onramp: "1", chainId: "eip155:31338" })).status).toBe(400)
  })

  it("refuses callbacks that are unsigned or forged with 401, and stores a replayed one once", async () => {
    const buyer = freshAddress()
    const hash = await sendUsdc(buyer, 5_000_000n)
    await reader().waitForTransactionReceipt({ hash })
    const claim = claimOf(hash, buyer, "5", "replayed-1")
    const text = JSON.stringify(claim)

    expect((await callback(claim, { signature: null })).status).toBe(401)
    expect((await callback(claim, { signature: CallbackSignature.sign("not-the-shared-secret-at-all-000000", new TextEncoder().encode(text)) })).status).toBe(401)
    expect((await callback(claim, { ramp: "ramp-b", signature: CallbackSignature.sign(credentials.get("ramp-a")?.secret ?? "", new TextEncoder().encode(text)) })).status).toBe(401)
    // Signed, then changed: the signature no longer covers the body.
    const signed = CallbackSignature.sign(credentials.get("ramp-a")?.secret ?? "", new TextEncoder().encode(text))
    expect((await callback(claim, { signature: signed, raw: text.replace('"5"', '"50"') })).status).toBe(401)
    expect(await historyOf(buyer)).toEqual([])

    expect((await callback(claim)).status).toBe(204)
    expect((await callback(claim)).status).toBe(204)
    expect(await historyOf(buyer)).toHaveLength(1)
    // The same transaction as another purchase, or the same purchase with another transaction, is a conflict.
    expect((await callback({ ...claim, purchase_id: "replayed-2" })).status).toBe(409)
    const other = await sendUsdc(buyer, 5_000_000n)
    await reader().waitForTransactionReceipt({ hash: other })
    expect((await callback({ ...claim, transaction_hash: other })).status).toBe(409)
    expect(await historyOf(buyer)).toHaveLength(1)
    expect((await callback(claim, { ramp: "ramp-q" })).status).toBe(404)
  })

  it("refuses a callback whose words the chain does not bear out, storing nothing", async () => {
    const buyer = freshAddress()
    const hash = await sendUsdc(buyer, 7_000_000n)
    await reader().waitForTransactionReceipt({ hash })
    const cases: ReadonlyArray<readonly [PurchaseCallback, string]> = [
      [claimOf(hash, buyer, "70", "lie-amount"), "purchase_amount:"],
      [claimOf(hash, freshAddress(), "7", "lie-address"), "destination_address:"],
      [{ ...claimOf(hash, buyer, "7", "lie-asset"), contract_address: "" }, "destination_address:"],
      [claimOf(`0x${"cd".repeat(32)}`, buyer, "7", "lie-hash"), "transaction_hash:"],
      [{ ...claimOf(hash, buyer, "7", "lie-chain"), chain_id: "31338" }, "chain_id:"],
      [claimOf(hash, buyer, "7.0000001", "lie-decimals"), "purchase_amount:"]
    ]
    for (const [claim, field] of cases) {
      const { status, body } = await callback(claim)
      expect([status, String(body?.["message"]).startsWith(field)]).toEqual([400, true])
    }
    expect(await historyOf(buyer)).toEqual([])
  })

  it("follows the chain's status: in progress until mined, then a success; a reverted delivery is a failure", async () => {
    const buyer = freshAddress()
    const dropped = freshAddress()
    await rpc("evm_setAutomine", [false])
    let failing: Hex
    try {
      const hash = await sendUsdc(buyer, 3_000_000n, { gas: 100_000n })
      // More USDC than account 7 holds: it will be mined, and revert.
      failing = await sendUsdc(buyer, 10n ** 15n, { gas: 100_000n })
      expect((await callback(claimOf(hash, buyer, "3", "pending-1"))).status).toBe(204)
      expect((await historyOf(buyer))[0]?.metadata["status"]).toBe("ONRAMP_TRANSACTION_STATUS_IN_PROGRESS")
      // A delivery that leaves the chain before it is mined never arrives: it failed.
      const gone = await sendUsdc(dropped, 1_000_000n, { gas: 100_000n })
      expect((await callback(claimOf(gone, dropped, "1", "dropped-1"))).status).toBe(204)
      await rpc("hardhat_dropTransaction", [gone])
      expect((await historyOf(dropped))[0]?.metadata["status"]).toBe("ONRAMP_TRANSACTION_STATUS_FAILED")
      await rpc("evm_mine")
    } finally {
      await rpc("evm_setAutomine", [true])
    }
    expect((await historyOf(buyer))[0]?.metadata["status"]).toBe("ONRAMP_TRANSACTION_STATUS_SUCCESS")
    expect((await reader().getTransactionReceipt({ hash: failing })).status).toBe("reverted")
    expect((await callback(claimOf(failing, buyer, "1000000000", "failed-1"))).status).toBe(204)
    expect((await historyOf(buyer)).map((entry) => entry.metadata["status"]).toSorted()).toEqual([
      "ONRAMP_TRANSACTION_STATUS_FAILED",
      "ONRAMP_TRANSACTION_STATUS_SUCCESS"
    ])
  })
})
