/**
 * The onramp API against the sandbox's MoonPay and Coinbase stand-ins on the EVM devnets, each spoken to
 * in its provider's own protocol: options merged from both and narrowed to the server's chains, quotes in
 * the spec's fee range that match an independent computation, limits and unknown inputs refused naming
 * the field, checkout URLs each provider's checkout accepts (a MoonPay URL signed with the secret key, a
 * Coinbase session token) and that are refused once changed or reused, and whole purchases paid over the
 * checkout whose tokens arrive on chain and land in the `onramp` history: MoonPay's through its signed
 * webhook, Coinbase's through its transaction-status API. Webhooks are refused unsigned, forged or stale,
 * stored once when replayed, refused when they lie about the chain, and follow the chain's status. A
 * provider that cannot be reached, answers garbage or never answers gives a 502, never a number.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import * as fc from "fast-check"
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { hardhat } from "viem/chains"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as MoonPaySignature from "../../../http/server/onramp/MoonPaySignature.ts"
import type * as MoonPayWire from "../../../http/server/onramp/MoonPayWire.ts"
import type { EvmChainOptions, OnrampOptions } from "../../../http/server/ServerOptions.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { chainOf } from "../../../sandbox/evm/EvmDeployment.ts"
import { sandboxUsdPrices } from "../../../sandbox/evm/RealContracts.ts"
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
let broken: ApiServer
let silent: Server
let garbage: Server
const credentials = newCredentials()
const other = newCredentials()

const chain = "eip155:31337"
const network = "portico-local"
const query = "projectId=test-project&st=portico&sv=test"
const projects = { "test-project": { allowedOrigins: ["*"] } }

const listening = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

beforeAll(async () => {
  evm = await startEvmDevnets()
  provider = await startOnrampProvider({ networks: evm.chains, credentials, moonPayWebhookUrl: () => `${api.url}/v1/onramp/webhook/moonpay` })
  // Upstreams gone wrong: one that never answers, one that answers 200 with something that is not MoonPay's.
  silent = createServer(() => undefined)
  garbage = createServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end('{"currencies":"soon"}'))
  const [silentUrl, garbageUrl] = await Promise.all([listening(silent), listening(garbage)])
  // The provider delivers on both chains; these servers are configured for the first only.
  const [first] = evm.chains
  if (first === undefined) throw new Error("no devnet")
  // The plain history (the chain's transactions) comes through the sandbox explorer.
  explorer = await startExplorerServer({ host: "127.0.0.1", port: 0, chains: [first], apiKey: sandboxExplorerKey, tokenList: {} })
  const evmOptions: ReadonlyArray<EvmChainOptions> = [
    { chainId: first.chainId, rpcUrl: first.rpcUrl, name: first.name, tokens: chainOf(evm.deployment, first.chainId).tokens, explorer: explorerOptionsFor(explorer.url, first.chainId, 0) }
  ]
  const [moonpay, coinbase] = serverOptions(provider.url, credentials).providers
  const [, foreignCoinbase] = serverOptions(provider.url, other).providers
  if (moonpay?.kind !== "moonpay" || coinbase === undefined || foreignCoinbase === undefined) throw new Error("no sandbox ramps")
  const brokenRamps: OnrampOptions = {
    providers: [
      { ...moonpay, id: "unreachable", apiUrl: "http://127.0.0.1:9" },
      { ...moonpay, id: "garbage", apiUrl: garbageUrl },
      { ...moonpay, id: "silent", apiUrl: silentUrl }
    ]
  }
  ;[api, bare, degraded, broken] = await Promise.all([
    startApiServer({ port: 0, projects, evm: evmOptions, onramp: serverOptions(provider.url, credentials) }),
    startApiServer({ port: 0, projects }),
    // Coinbase refuses this server's key (another CDP key): the onramp carries on with MoonPay.
    startApiServer({ port: 0, projects, evm: evmOptions, onramp: { providers: [moonpay, foreignCoinbase] } }),
    startApiServer({ port: 0, projects, evm: evmOptions, onramp: brokenRamps })
  ])
}, 180_000)

afterAll(async () => {
  await Promise.all([api?.stop(), bare?.stop(), degraded?.stop(), broken?.stop(), explorer?.stop()])
  silent?.closeAllConnections()
  await Promise.all([new Promise((resolve) => silent?.close(resolve)), new Promise((resolve) => garbage?.close(resolve))])
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
  const found = chainOf(evm.deployment, 31337).tokens.find((token) => token.symbol === "USDC")
  if (found === undefined) throw new Error("no USDC")
  return found
}
const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })
const usdcOf = (owner: Address) => reader().readContract({ address: usdc().address, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const nowSeconds = () => Math.floor(Date.now() / 1000)

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

/** Opens the checkout a URL leads to, as the visitor's browser does. */
const open = async (url: URL) => {
  const response = await fetch(url)
  const html = await response.text()
  return { status: response.status, html, checkout: /name="checkout" value="([^"]+)"/.exec(html)?.[1] ?? "" }
}

/** Opens the checkout and sends its card form, as the page does. */
const pay = async (url: URL, cardNumber: string) => {
  const { checkout } = await open(url)
  const response = await fetch(`${provider.url}/checkout/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ checkout, card_number: cardNumber, expiry: futureExpiry, cvc: "123" })
  })
  return { status: response.status, html: await response.text() }
}

type Entry = {
  id: string
  metadata: Record<string, string>
  transfers: ReadonlyArray<{ direction: string; fungible_info: { symbol: string; icon: { url: string } }; quantity: { numeric: string } }>
}
const historyOf = async (address: string, params: Record<string, string> = { onramp: "1" }) => {
  const { status, body } = await get(`/v1/account/${address}/history`, params)
  expect(status).toBe(200)
  return body["data"] as ReadonlyArray<Entry>
}

/** A MoonPay transaction event for a delivery of `amount` USDC to `to` in `hash`. */
const eventOf = (hash: Hex, to: Address, amount: number, id: string): { type: string; data: MoonPayWire.Transaction } => ({
  type: "transaction_updated",
  data: {
    id,
    status: "completed",
    walletAddress: to,
    cryptoTransactionId: hash,
    quoteCurrencyAmount: amount,
    baseCurrencyAmount: 10,
    feeAmount: 0.1,
    networkFeeAmount: 0.2,
    extraFeeAmount: 0,
    currency: { code: "usdc_portico_local" },
    baseCurrency: { code: "usd" },
    externalCustomerId: to,
    externalTransactionId: null
  }
})

/** Posts a webhook as MoonPay does, signed with the webhook key (or `signature` as given). */
const webhook = async (event: unknown, options: { readonly ramp?: string; readonly signature?: string | null; readonly raw?: string } = {}) => {
  const text = options.raw ?? JSON.stringify(event)
  const signature = options.signature === undefined
    ? MoonPaySignature.signWebhook(new TextEncoder().encode(text), credentials.moonpay.webhookKey, nowSeconds())
    : options.signature
  const response = await fetch(`${api.url}/v1/onramp/webhook/${options.ramp ?? "moonpay"}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "Moonpay-Signature-V2": signature }) },
    body: text
  })
  return { status: response.status, body: response.status === 204 ? undefined : (await response.json()) as Body }
}

/** A USDC transfer of `units` from demo account 7 (holding 10,000 USDC from the seed) to `to`. */
const sendUsdc = (to: Address, units: bigint, options: { readonly gas?: bigint } = {}) =>
  createWalletClient({ account: privateKeyToAccount(accountAt(7).privateKey), transport: http(evm.chains[0]?.rpcUrl), chain: hardhat })
    .writeContract({ address: usdc().address, abi: erc20Abi, functionName: "transfer", args: [to, units], ...options })

const rpc = (method: string, params: ReadonlyArray<unknown> = []) =>
  fetch(evm.chains[0]?.rpcUrl ?? "", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })

/** Ceiling division, for the independent quote computation. */
const up = (a: bigint, b: bigint) => a / b + (a % b === 0n ? 0n : 1n)
const cents = (text: string) => BigInt(text.replace(".", ""))

describe("onramp options and quotes", () => {
  it("merges both providers' options, narrowed to the chains and tokens this server is configured for", async () => {
    const { status, body } = await get("/v1/onramp/options")
    expect(status).toBe(200)
    expect(body["providers"]).toEqual([{ id: "moonpay", name: "MoonPay" }, { id: "coinbase", name: "Coinbase" }])
    // The providers also sell on the second chain, which this server does not read: left out.
    expect(body["purchaseCurrencies"]).toEqual([
      { id: "ETH", name: "Ether (Portico Local)", symbol: "ETH", networks: [{ name: network, display_name: "Portico Local", chain_id: "31337", contract_address: "" }] },
      { id: "USDC", name: "USD Coin (Portico Local)", symbol: "USDC", networks: [{ name: network, display_name: "Portico Local", chain_id: "31337", contract_address: usdc().address }] }
    ])
    // MoonPay takes cards only; Coinbase cards and bank accounts.
    const limits = [{ id: "card", min: "10.00", max: "7500.00" }, { id: "ach_bank_account", min: "10.00", max: "25000.00" }]
    expect(body["paymentCurrencies"]).toEqual([{ id: "USD", payment_method_limits: limits }, { id: "EUR", payment_method_limits: limits }])
  })

  it("quotes each provider with its fee, in the spec's range of 1 to 2 %, as an independent computation gives it", async () => {
    const pct: Readonly<Record<string, bigint>> = { moonpay: 1n, coinbase: 2n }
    // USD per unit of the payment currency, as a fraction.
    const fiat: Readonly<Record<string, readonly [bigint, bigint]>> = { USD: [1n, 1n], EUR: [108n, 100n] }
    const assets: Readonly<Record<string, { readonly usd: bigint; readonly gas: bigint; readonly shown: number }>> = {
      ETH: { usd: BigInt(sandboxUsdPrices.native), gas: 21_000n, shown: 8 },
      USDC: { usd: BigInt(sandboxUsdPrices.token), gas: 65_000n, shown: 6 }
    }
    await fc.assert(fc.asyncProperty(
      fc.constantFrom("moonpay", "coinbase"),
      fc.constantFrom("ETH", "USDC"),
      fc.constantFrom("USD", "EUR"),
      // Up to MoonPay's card limit, the smaller of the two.
      fc.bigInt({ min: 1_000n, max: 750_000n }),
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
    const named = await post("/v1/onramp/quote", { ...request, provider: "moonpay" })
    expect((first.body as unknown as Quote).coinbaseFee).toEqual((named.body as unknown as Quote).coinbaseFee)
    expect((first.body as unknown as Quote).coinbaseFee.amount).toBe("1.00")
  })

  it("answers 400 naming the field for any amount outside the provider's payment limits", async () => {
    await fc.assert(fc.asyncProperty(
      fc.oneof(fc.bigInt({ min: 1n, max: 999n }), fc.bigInt({ min: 2_500_001n, max: 10n ** 10n })),
      async (total) => {
        const amount = `${total / 100n}.${String(total % 100n).padStart(2, "0")}`
        const { status, body } = await post("/v1/onramp/quote", { purchaseCurrency: "ETH", paymentCurrency: "EUR", amount, network, provider: "coinbase" })
        expect(status).toBe(400)
        expect(body["message"]).toBe("amount: must be from 10.00 to 25000.00 EUR")
      }
    ), { numRuns: 20 })
    // MoonPay takes cards only, up to 7500.00.
    const { body } = await post("/v1/onramp/quote", { purchaseCurrency: "ETH", paymentCurrency: "EUR", amount: "7500.01", network, provider: "moonpay" })
    expect(body["message"]).toBe("amount: must be from 10.00 to 7500.00 EUR")
  })

  it("answers 400 naming the field for an unknown currency, network, payment currency, provider or a malformed amount", async () => {
    const request = { purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", network }
    const cases: ReadonlyArray<readonly [Body, string]> = [
      [{ purchaseCurrency: "DOGE" }, "purchaseCurrency:"],
      [{ network: "ethereum" }, "network:"],
      // The providers sell there, but this server is not configured for that chain.
      [{ network: "portico-local-2" }, "network:"],
      [{ paymentCurrency: "JPY" }, "paymentCurrency:"],
      [{ amount: "50.001" }, "amount:"],
      [{ amount: "1e3" }, "amount:"],
      [{ amount: "0" }, "amount:"],
      [{ provider: "ramp-z" }, "provider:"]
    ]
    for (const [change, field] of cases) {
      for (const ramp of ["moonpay", "coinbase"]) {
        const { status, body } = await post("/v1/onramp/quote", { provider: ramp, ...request, ...change })
        expect([status, String(body["message"]).startsWith(field)]).toEqual([400, true])
      }
    }
  })

  it("lists the providers that answer, and answers 502 for a quote from one that does not", async () => {
    const options = await get("/v1/onramp/options", {}, degraded)
    expect([options.status, options.body["providers"]]).toEqual([200, [{ id: "moonpay", name: "MoonPay" }]])
    const request = { purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", network }
    expect((await post("/v1/onramp/quote", { ...request, provider: "moonpay" }, degraded)).status).toBe(200)
    expect(await post("/v1/onramp/quote", { ...request, provider: "coinbase" }, degraded)).toMatchObject({ status: 502, body: { _tag: "UpstreamUnavailable" } })
    expect((await post("/v1/generators/onrampurl", checkoutRequest(freshAddress(), "ETH", "coinbase"), degraded)).status).toBe(502)
  })

  it("answers 502, never a number, for a provider that cannot be reached, answers garbage or never answers", async () => {
    const request = { purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", network }
    for (const ramp of ["unreachable", "garbage", "silent"]) {
      const { status, body } = await post("/v1/onramp/quote", { ...request, provider: ramp }, broken)
      expect([status, body["_tag"]]).toEqual([502, "UpstreamUnavailable"])
      expect(body).not.toHaveProperty("purchaseAmount")
    }
    expect((await get("/v1/onramp/options", {}, broken)).status).toBe(502)
    expect((await get(`/v1/account/${freshAddress()}/history`, { onramp: "garbage" }, broken)).status).toBe(502)
  }, 60_000)

  it("answers 501 for every onramp endpoint of a server without providers", async () => {
    const address = freshAddress()
    expect((await get("/v1/onramp/options", {}, bare)).status).toBe(501)
    expect((await post("/v1/onramp/quote", { purchaseCurrency: "ETH", paymentCurrency: "USD", amount: "50", network }, bare)).status).toBe(501)
    expect((await post("/v1/generators/onrampurl", checkoutRequest(address, "ETH", "moonpay"), bare)).status).toBe(501)
    expect((await get(`/v1/account/${address}/history`, { onramp: "1" }, bare)).status).toBe(501)
    const response = await fetch(`${bare.url}/v1/onramp/webhook/moonpay`, { method: "POST", body: "{}" })
    expect(response.status).toBe(501)
  })
})

describe("checkout URLs", () => {
  it("signs MoonPay's widget URL with the secret key, which stays on the server", async () => {
    const address = freshAddress()
    const url = await checkoutUrl(address, "USDC", "moonpay")
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/moonpay/buy`)
    expect(url.searchParams.get("walletAddress")).toBe(address)
    expect(url.searchParams.get("apiKey")).toBe(credentials.moonpay.publishableKey)
    expect(MoonPaySignature.verifyUrl(url.search, credentials.moonpay.secretKey)).toBe(true)
    for (const secret of [credentials.moonpay.secretKey, credentials.moonpay.webhookKey]) expect(url.toString()).not.toContain(secret)
    const page = await open(url)
    expect(page.status).toBe(200)
    for (const shown of [address, "Portico Local", "USDC", "MoonPay", "0.50 USD", "50.00 USD"]) expect(page.html).toContain(shown)
    // The address changed in the browser: MoonPay's widget refuses the link.
    url.searchParams.set("walletAddress", freshAddress())
    expect((await open(url)).status).toBe(401)
  })

  it("hands Coinbase a session token binding the address, good once, under a strict CSP without inline script", async () => {
    const address = freshAddress()
    const url = await checkoutUrl(address, "ETH", "coinbase")
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/coinbase/pay/buy/select-asset`)
    // The address travels inside the token; the visitor is named only as the partner's user reference.
    expect([...url.searchParams.keys()].toSorted()).toEqual(["defaultAsset", "defaultNetwork", "defaultPaymentMethod", "fiatCurrency", "partnerUserRef", "presetFiatAmount", "sessionToken"])
    expect(url.searchParams.get("partnerUserRef")).toBe(address)
    const response = await fetch(url)
    const html = await response.text()
    expect(response.status).toBe(200)
    for (const shown of [address, "Portico Local", "ETH", "Coinbase", "1.00 USD", "50.00 USD"]) expect(html).toContain(shown)
    const csp = response.headers.get("content-security-policy") ?? ""
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain("unsafe-inline")
    expect(html).toContain('<script type="module" src="/checkout.js"></script>')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(html).not.toMatch(/\sstyle=|<style/)
    expect((await open(url)).status).toBe(401)
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
      for (const ramp of ["moonpay", "coinbase"]) {
        const { status, body } = await post("/v1/generators/onrampurl", { ...checkoutRequest(address, "ETH", ramp), ...change })
        expect([status, String(body["message"]).startsWith(field)]).toEqual([400, true])
      }
    }
  })
})

describe("purchases", () => {
  it("delivers USDC on chain when the card pays at MoonPay, and its webhook puts it in the onramp history, once", async () => {
    const buyer = freshAddress()
    const quote = (await post("/v1/onramp/quote", { purchaseCurrency: "USDC", paymentCurrency: "USD", amount: "50", network, provider: "moonpay" })).body as unknown as Quote
    const before = await usdcOf(buyer)
    const paid = await pay(await checkoutUrl(buyer, "USDC", "moonpay"), "4242 4242 4242 4242")
    expect(paid.status).toBe(200)
    expect(paid.html).toContain("You can close this window")
    const hash = /id="transaction">(0x[0-9a-f]{64})</.exec(paid.html)?.[1]
    expect(hash).toBeDefined()
    const delivered = parseUnits(quote.purchaseAmount.amount, 6)
    expect(await usdcOf(buyer) - before).toBe(delivered)

    const [entry, ...others] = await historyOf(buyer)
    expect(others).toEqual([])
    expect(entry?.id.startsWith("onramp:moonpay:")).toBe(true)
    expect(entry?.metadata).toMatchObject({ operationType: "buy", status: "ONRAMP_TRANSACTION_STATUS_SUCCESS", hash, chain, sentFrom: provider.treasury, sentTo: buyer })
    expect(Date.parse(entry?.metadata["minedAt"] ?? "")).toBeGreaterThan(Date.now() - 60_000)
    expect(entry?.transfers).toEqual([expect.objectContaining({
      direction: "in",
      fungible_info: { name: usdc().name, symbol: "USDC", icon: { url: `${api.url}/public/getTokenImage/USDC` } },
      quantity: { decimals: "6", numeric: quote.purchaseAmount.amount }
    })])
    // The plain history is the chain's transactions, without the purchase entries.
    expect((await historyOf(buyer, {})).every((transaction) => !transaction.id.startsWith("onramp:"))).toBe(true)
    expect(await historyOf(buyer)).toHaveLength(1)
  })

  it("delivers Ether at Coinbase, found through its status API, and lists purchases newest first, narrowed to a provider", async () => {
    const buyer = freshAddress()
    const client = reader()
    expect((await pay(await checkoutUrl(buyer, "USDC", "moonpay"), "4242424242424242")).status).toBe(200)
    const before = await client.getBalance({ address: buyer })
    const ethPaid = await pay(await checkoutUrl(buyer, "ETH", "coinbase"), "4242424242424242")
    expect(ethPaid.status).toBe(200)
    const received = /You receive<\/dt><dd>([\d.]+) ETH/.exec(ethPaid.html)?.[1] ?? "0"
    expect(await client.getBalance({ address: buyer }) - before).toBe(parseUnits(received, 18))
    const all = await historyOf(buyer)
    expect(all.map((entry) => entry.transfers[0]?.fungible_info.symbol)).toEqual(["ETH", "USDC"])
    expect((await historyOf(buyer, { onramp: "coinbase" })).map((entry) => entry.transfers[0]?.fungible_info.symbol)).toEqual(["ETH"])
    expect((await get(`/v1/account/${buyer}/history`, { onramp: "1", chainId: "eip155:31338" })).status).toBe(400)
  })
})

describe("MoonPay webhooks", () => {
  it("refuses webhooks unsigned, forged, stale or changed with 401, and stores a replayed one once", async () => {
    const buyer = freshAddress()
    const hash = await sendUsdc(buyer, 5_000_000n)
    await reader().waitForTransactionReceipt({ hash })
    const event = eventOf(hash, buyer, 5, "replayed-1")
    const text = new TextEncoder().encode(JSON.stringify(event))

    expect((await webhook(event, { signature: null })).status).toBe(401)
    expect((await webhook(event, { signature: MoonPaySignature.signWebhook(text, credentials.moonpay.secretKey, nowSeconds()) })).status).toBe(401)
    expect((await webhook(event, { signature: MoonPaySignature.signWebhook(text, credentials.moonpay.webhookKey, nowSeconds() - 3600) })).status).toBe(401)
    // Signed, then changed: the signature no longer covers the body.
    const signed = MoonPaySignature.signWebhook(text, credentials.moonpay.webhookKey, nowSeconds())
    expect((await webhook(event, { signature: signed, raw: JSON.stringify(event).replace('"quoteCurrencyAmount":5', '"quoteCurrencyAmount":50') })).status).toBe(401)
    expect(await historyOf(buyer, { onramp: "moonpay" })).toEqual([])

    expect((await webhook(event)).status).toBe(204)
    expect((await webhook(event)).status).toBe(204)
    expect(await historyOf(buyer, { onramp: "moonpay" })).toHaveLength(1)
    // The same transaction as another purchase, or the same purchase with another transaction, is a conflict.
    expect((await webhook(eventOf(hash, buyer, 5, "replayed-2"))).status).toBe(409)
    const second = await sendUsdc(buyer, 5_000_000n)
    await reader().waitForTransactionReceipt({ hash: second })
    expect((await webhook(eventOf(second, buyer, 5, "replayed-1"))).status).toBe(409)
    expect(await historyOf(buyer, { onramp: "moonpay" })).toHaveLength(1)
    expect((await webhook(event, { ramp: "ramp-q" })).status).toBe(404)
    // Coinbase is asked, it sends no webhooks here.
    expect((await webhook(event, { ramp: "coinbase" })).status).toBe(404)
  })

  it("refuses a webhook whose words the chain does not bear out, storing nothing", async () => {
    const buyer = freshAddress()
    const hash = await sendUsdc(buyer, 7_000_000n)
    await reader().waitForTransactionReceipt({ hash })
    const cases: ReadonlyArray<readonly [ReturnType<typeof eventOf>, string]> = [
      [eventOf(hash, buyer, 70, "lie-amount"), "purchase_amount:"],
      [eventOf(hash, freshAddress(), 7, "lie-address"), "destination_address:"],
      [{ ...eventOf(hash, buyer, 7, "lie-asset"), data: { ...eventOf(hash, buyer, 7, "lie-asset").data, currency: { code: "eth_portico_local" } } }, "destination_address:"],
      [eventOf(`0x${"cd".repeat(32)}`, buyer, 7, "lie-hash"), "transaction_hash:"],
      [eventOf(hash, buyer, 7.0000001, "lie-decimals"), "amount:"]
    ]
    for (const [event, field] of cases) {
      const { status, body } = await webhook(event)
      expect([status, String(body?.["message"]).startsWith(field)]).toEqual([400, true])
    }
    expect(await historyOf(buyer, { onramp: "moonpay" })).toEqual([])
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
      expect((await webhook(eventOf(hash, buyer, 3, "pending-1"))).status).toBe(204)
      expect((await historyOf(buyer, { onramp: "moonpay" }))[0]?.metadata["status"]).toBe("ONRAMP_TRANSACTION_STATUS_IN_PROGRESS")
      // A delivery that leaves the chain before it is mined never arrives: it failed.
      const gone = await sendUsdc(dropped, 1_000_000n, { gas: 100_000n })
      expect((await webhook(eventOf(gone, dropped, 1, "dropped-1"))).status).toBe(204)
      await rpc("hardhat_dropTransaction", [gone])
      expect((await historyOf(dropped, { onramp: "moonpay" }))[0]?.metadata["status"]).toBe("ONRAMP_TRANSACTION_STATUS_FAILED")
      await rpc("evm_mine")
    } finally {
      await rpc("evm_setAutomine", [true])
    }
    expect((await historyOf(buyer, { onramp: "moonpay" }))[0]?.metadata["status"]).toBe("ONRAMP_TRANSACTION_STATUS_SUCCESS")
    expect((await reader().getTransactionReceipt({ hash: failing })).status).toBe("reverted")
    expect((await webhook(eventOf(failing, buyer, 1_000_000_000, "failed-1"))).status).toBe(204)
    expect((await historyOf(buyer, { onramp: "moonpay" })).map((entry) => entry.metadata["status"]).toSorted()).toEqual([
      "ONRAMP_TRANSACTION_STATUS_FAILED",
      "ONRAMP_TRANSACTION_STATUS_SUCCESS"
    ])
  })
})
