/**
 * The sandbox onramp providers on their own: the quote math (the inverse finds the smallest total), the
 * test-card rules, and each stand-in's protocol as its provider documents it: MoonPay's widget refused
 * unless its query is signed by the secret key, its transactions only under the secret key, its webhooks
 * signed with the webhook key (received here by a small local server standing in for Portico's); Coinbase's
 * API refused without a CDP JWT for exactly that request, signed by the key and current, and its session
 * tokens good once. The checkout against the devnets: a declined or malformed card pays nothing, an order
 * above the card limit cannot be paid, a crypto preset is honoured, a checkout sent twice at once pays once.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { text } from "node:stream/consumers"
import { generateKeyPairSync } from "node:crypto"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as CdpJwt from "../../http/server/onramp/CdpJwt.ts"
import * as MoonPaySignature from "../../http/server/onramp/MoonPaySignature.ts"
import * as MoonPayWire from "../../http/server/onramp/MoonPayWire.ts"
import { demoAccounts } from "../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { devnetContract } from "../../sandbox/evm/NetworkShapes.ts"
import { checkCard, decliningCard, payingCard } from "../../sandbox/onramp/Card.ts"
import { pricingOf, soldAssets } from "../../sandbox/onramp/Catalogue.ts"
import { startOnrampProvider, type OnrampProvider } from "../../sandbox/onramp/OnrampProvider.ts"
import { quoteFor, totalFor } from "../../sandbox/onramp/QuoteMath.ts"
import { newCredentials, paths, sandboxRamps } from "../../sandbox/onramp/Ramps.ts"
import { treasuryIndex } from "../../sandbox/onramp/Treasury.ts"

describe("quote math", () => {
  it("finds the smallest total that buys at least the wanted amount, for every ramp, asset and currency", () => {
    fc.assert(fc.property(
      fc.constantFrom(...sandboxRamps),
      fc.constantFrom(...soldAssets),
      fc.constantFrom(1, 1.08),
      fc.bigInt({ min: 1n, max: 10n ** 22n }),
      (ramp, asset, fiat, wanted) => {
        const pricing = pricingOf(ramp, asset, fiat)
        const units = wanted % 10n ** BigInt(asset.decimals + 4)
        if (units === 0n) return
        const total = totalFor(units, pricing)
        expect(quoteFor(total, pricing)?.units).toBeGreaterThanOrEqual(units)
        const less = quoteFor(total - 1n, pricing)
        expect(less === undefined || less.units < units).toBe(true)
      }
    ))
  })

  it("leaves nothing to buy when the fees take the whole total", () => {
    const [ramp] = sandboxRamps
    const usdc = soldAssets.find((asset) => asset.id === "USDC")
    if (ramp === undefined || usdc === undefined) throw new Error("no sandbox ramp or USDC")
    // 0.20 USD: 1 cent of fee and 20 cents of network fee.
    expect(quoteFor(20n, pricingOf(ramp, usdc, 1))).toBeUndefined()
    expect(quoteFor(22n, pricingOf(ramp, usdc, 1))?.units).toBe(10_000n)
  })
})

describe("test cards", () => {
  const now = new Date(Date.UTC(2030, 5, 15))
  it("pays with 4242…, declines 4000…0002, and refuses anything else by field", () => {
    expect(checkCard({ number: "4242 4242 4242 4242", expiry: "06/30", cvc: "123" }, now)).toEqual({ _tag: "Approved" })
    expect(checkCard({ number: decliningCard, expiry: "06/30", cvc: "123" }, now)._tag).toBe("Declined")
    expect(checkCard({ number: "4111111111111111", expiry: "06/30", cvc: "123" }, now)).toMatchObject({ _tag: "Invalid", field: "card_number" })
    expect(checkCard({ number: "4242", expiry: "06/30", cvc: "123" }, now)).toMatchObject({ _tag: "Invalid", field: "card_number" })
    expect(checkCard({ number: payingCard, expiry: "13/30", cvc: "123" }, now)).toMatchObject({ _tag: "Invalid", field: "expiry" })
    for (const cvc of ["12", "1234", "abc"]) expect(checkCard({ number: payingCard, expiry: "06/30", cvc }, now)).toMatchObject({ _tag: "Invalid", field: "cvc" })
  })

  it("takes a card through the last day of its expiry month, and no later", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 }), (month, year) => {
      const expiry = `${String(month).padStart(2, "0")}/${String(year).padStart(2, "0")}`
      const outcome = checkCard({ number: payingCard, expiry, cvc: "123" }, now)
      const current = 2000 + year > 2030 || (2000 + year === 2030 && month >= 6)
      expect(outcome._tag).toBe(current ? "Approved" : "Invalid")
    }))
  })
})

let evm: EvmDevnets
let provider: OnrampProvider
let receiver: Server
let receiverUrl = ""
/** What the stand-in for Portico received, and how it answers. */
const received: Array<{ readonly body: string; readonly signature: string | undefined }> = []
let receiverStatus = 204
const credentials = newCredentials()

beforeAll(async () => {
  receiver = createServer((request, response) => {
    void text(request).then((body) => {
      received.push({ body, signature: request.headers[MoonPaySignature.webhookHeader]?.toString() })
      response.writeHead(receiverStatus).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  evm = await startEvmDevnets()
  provider = await startOnrampProvider({ networks: evm.chains, credentials, moonPayWebhookUrl: () => `${receiverUrl}/webhook/moonpay` })
}, 180_000)

afterAll(async () => {
  await provider?.stop()
  await evm?.stop()
  await new Promise((resolve) => receiver?.close(resolve))
})

const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })
const usdcOf = (owner: Address) => reader().readContract({ address: devnetContract(31337, "usdc"), abi: erc20Abi, functionName: "balanceOf", args: [owner] })
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** MoonPay's widget URL for `to`, signed with `secretKey` (the stand-in's own by default). */
const moonPayUrl = (to: string, amounts: Readonly<Record<string, string>>, currencyCode = "usdc_portico_local", secretKey = credentials.moonpay.secretKey) => {
  const url = new URL(`${provider.url}${paths.moonPayWidget}`)
  url.search = new URLSearchParams({ apiKey: credentials.moonpay.publishableKey, currencyCode, walletAddress: to, baseCurrencyCode: "usd", ...amounts, externalCustomerId: to }).toString()
  return MoonPaySignature.signUrl(url, secretKey)
}

/** A CDP call to the Coinbase stand-in, its JWT for `uriOf` (this very request by default). */
const cdp = async (method: "GET" | "POST", path: string, body?: unknown, jwt?: (url: URL) => Promise<string>) => {
  const url = new URL(`${provider.url}${paths.coinbaseApi}${path}`)
  const key = CdpJwt.importKey(credentials.coinbase.keyName, credentials.coinbase.keySecret)
  const token = await (jwt ?? ((target) => CdpJwt.sign(key, method, target, nowSeconds())))(url)
  const response = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const coinbaseCheckout = async (to: string, query: Readonly<Record<string, string>>) => {
  const { body } = await cdp("POST", "/v1/token", { addresses: [{ address: to, blockchains: ["portico-local"] }], assets: ["USDC", "ETH"] })
  const url = new URL(`${provider.url}${paths.coinbasePay}/buy/select-asset`)
  url.search = new URLSearchParams({ sessionToken: String(body["token"]), defaultNetwork: "portico-local", fiatCurrency: "USD", partnerUserRef: to, ...query }).toString()
  return url
}

/** Opens a checkout page; its id, when it is one. */
const open = async (url: string | URL) => {
  const response = await fetch(url)
  const html = await response.text()
  return { status: response.status, html, checkout: /name="checkout" value="([^"]+)"/.exec(html)?.[1] ?? "" }
}

const pay = async (checkout: string, number: string, expiry = "12/99", cvc = "123") => {
  const response = await fetch(`${provider.url}/checkout/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ checkout, card_number: number, expiry, cvc })
  })
  return { status: response.status, html: await response.text() }
}

describe("the MoonPay stand-in", () => {
  it("loads its widget only when the whole query is signed with the secret key", async () => {
    const buyer = freshAddress()
    const signed = moonPayUrl(buyer, { baseCurrencyAmount: "50.00" })
    expect((await open(signed)).status).toBe(200)
    // The address swapped after signing, a signature by another key, none at all: refused before any checkout.
    const swapped = signed.replace(buyer, freshAddress())
    expect((await open(swapped)).status).toBe(401)
    expect((await open(moonPayUrl(buyer, { baseCurrencyAmount: "50.00" }, "usdc_portico_local", "sk_test_not_the_key"))).status).toBe(401)
    const unsigned = await open(signed.slice(0, signed.indexOf("&signature=")))
    expect([unsigned.status, unsigned.checkout]).toEqual([401, ""])
    expect(unsigned.html).toContain("signature is missing or does not match")
  })

  it("quotes with its publishable key, lists transactions only under its secret key", async () => {
    const api = `${provider.url}${paths.moonPayApi}`
    const currencies = Schema.decodeUnknownSync(MoonPayWire.Currencies)(await (await fetch(`${api}/v3/currencies`)).json())
    expect(currencies.map((currency) => currency.code)).toContain("eth_portico_local")
    const quoteUrl = (key: string) => `${api}/v3/currencies/eth_portico_local/buy_quote?apiKey=${key}&baseCurrencyCode=usd&baseCurrencyAmount=50&areFeesIncluded=true`
    const quoted = await fetch(quoteUrl(credentials.moonpay.publishableKey))
    const quote = Schema.decodeUnknownSync(MoonPayWire.BuyQuote)(await quoted.json())
    expect(quote.totalAmount).toBe(50)
    expect(quote.feeAmount).toBe(0.5)
    expect((await fetch(quoteUrl("pk_test_other"))).status).toBe(401)
    expect((await fetch(`${api}/v1/transactions?externalCustomerId=x`)).status).toBe(401)
    expect((await fetch(`${api}/v1/transactions?externalCustomerId=x`, { headers: { authorization: `Api-Key ${credentials.moonpay.publishableKey}` } })).status).toBe(401)
    expect((await fetch(`${api}/v1/transactions?externalCustomerId=x`, { headers: { authorization: `Api-Key ${credentials.moonpay.secretKey}` } })).status).toBe(200)
  })

  it("reports each purchase to the webhook signed with the webhook key, and says so when the site does not take it", async () => {
    const buyer = freshAddress()
    received.length = 0
    const paid = await pay((await open(moonPayUrl(buyer, { baseCurrencyAmount: "20.00" }, "eth_portico_local"))).checkout, payingCard)
    const [report] = received
    const body = new TextEncoder().encode(report?.body)
    expect(MoonPaySignature.verifyWebhook(body, report?.signature, credentials.moonpay.webhookKey, nowSeconds())).toBe(true)
    expect(MoonPaySignature.verifyWebhook(body, report?.signature, credentials.moonpay.secretKey, nowSeconds())).toBe(false)
    // Replayed long after: refused.
    expect(MoonPaySignature.verifyWebhook(body, report?.signature, credentials.moonpay.webhookKey, nowSeconds() + 3600)).toBe(false)
    const event = Schema.decodeUnknownSync(Schema.fromJsonString(MoonPayWire.WebhookEvent))(report?.body)
    expect(event.data).toMatchObject({ status: "completed", walletAddress: buyer, externalCustomerId: buyer, baseCurrency: { code: "usd" } })
    expect(paid.html).toContain(event.data.cryptoTransactionId)
    expect(await reader().getBalance({ address: buyer })).toBe(parseUnits(String(event.data.quoteCurrencyAmount), 18))

    receiverStatus = 500
    try {
      const unheard = await pay((await open(moonPayUrl(freshAddress(), { baseCurrencyAmount: "20.00" }))).checkout, payingCard)
      expect(unheard.status).toBe(200)
      expect(unheard.html).toContain("could not be told about this purchase")
    } finally {
      receiverStatus = 204
    }
  })
})

describe("the Coinbase stand-in", () => {
  it("answers only a CDP JWT signed by its key, for exactly this request, not expired", async () => {
    expect((await cdp("GET", "/v1/buy/options?country=US")).status).toBe(200)
    const key = CdpJwt.importKey(credentials.coinbase.keyName, credentials.coinbase.keySecret)
    const other = CdpJwt.importKey(credentials.coinbase.keyName, generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ format: "pem", type: "pkcs8" }).toString())
    const refusals: ReadonlyArray<(url: URL) => Promise<string>> = [
      (url) => CdpJwt.sign(other, "GET", url, nowSeconds()),
      (url) => CdpJwt.sign(key, "POST", url, nowSeconds()),
      (url) => CdpJwt.sign(key, "GET", new URL("/coinbase/api/onramp/v1/buy/quote", url), nowSeconds()),
      (url) => CdpJwt.sign(key, "GET", url, nowSeconds() - CdpJwt.ttlSeconds - 5),
      (url) => CdpJwt.sign({ ...key, name: "organizations/other/apiKeys/1" }, "GET", url, nowSeconds()),
      () => Promise.resolve("not-a-jwt")
    ]
    for (const jwt of refusals) expect((await cdp("GET", "/v1/buy/options?country=US", undefined, jwt)).status).toBe(401)
  })

  it("takes a session token once, and only for the address and assets it binds", async () => {
    const buyer = freshAddress()
    const url = await coinbaseCheckout(buyer, { defaultAsset: "USDC", presetFiatAmount: "25.00" })
    const first = await open(url)
    expect(first.status).toBe(200)
    expect(first.html).toContain(buyer)
    expect((await open(url)).status).toBe(401)
    const forged = new URL(url)
    forged.searchParams.set("sessionToken", "forged")
    expect((await open(forged)).status).toBe(401)
    const bound = await cdp("POST", "/v1/token", { addresses: [{ address: buyer, blockchains: ["portico-local"] }], assets: ["ETH"] })
    const elsewhere = new URL(url)
    elsewhere.searchParams.set("sessionToken", String(bound.body["token"]))
    expect((await open(elsewhere)).status).toBe(422)
    expect((await cdp("POST", "/v1/token", { addresses: [{ address: "0x1234", blockchains: ["portico-local"] }] })).status).toBe(400)
  })

  it("lists a paid purchase with its transaction under the partner's user reference", async () => {
    const buyer = freshAddress()
    const paid = await pay((await open(await coinbaseCheckout(buyer, { defaultAsset: "USDC", presetFiatAmount: "30.00" }))).checkout, payingCard)
    const hash = /id="transaction">(0x[0-9a-f]{64})</.exec(paid.html)?.[1]
    const { body } = await cdp("GET", `/v1/buy/user/${buyer}/transactions?page_size=20`)
    expect(body["transactions"]).toEqual([expect.objectContaining({ status: "ONRAMP_TRANSACTION_STATUS_SUCCESS", tx_hash: hash, wallet_address: buyer, purchase_currency: "USDC" })])
    expect((await cdp("GET", `/v1/buy/user/${freshAddress()}/transactions`)).body["transactions"]).toEqual([])
  })
})

describe("the checkout", () => {
  it("funds the treasury (account 10 of the sandbox mnemonic) with Ether and USDC on every chain", async () => {
    // Hardhat's well-known account #10, which no demo wallet uses.
    expect(provider.treasury).toBe("0xBcd4042DE499D14e55001CcbB24a551F3b954096")
    expect(treasuryIndex).toBe(10)
    expect(demoAccounts.map((account) => account.address)).not.toContain(provider.treasury)
    for (const chain of evm.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(await client.getBalance({ address: provider.treasury })).toBeGreaterThan(parseUnits("1000", 18))
      expect(await client.readContract({ address: devnetContract(chain.chainId, "usdc"), abi: erc20Abi, functionName: "balanceOf", args: [provider.treasury] })).toBeGreaterThanOrEqual(parseUnits("1000000", 6) - parseUnits("100000", 6))
    }
  })

  it("declines the declining card and refuses a malformed one by field, paying nothing", async () => {
    const buyer = freshAddress()
    const { checkout } = await open(moonPayUrl(buyer, { baseCurrencyAmount: "40.00" }))
    const declined = await pay(checkout, "4000 0000 0000 0002")
    expect(declined.status).toBe(402)
    expect(declined.html).toContain("Your card was declined.")
    const expired = await pay(checkout, payingCard, "01/20")
    expect(expired.status).toBe(400)
    expect(expired.html).toContain("This card has expired.")
    expect(expired.html).toMatch(/id="expiry"[^>]*aria-invalid="true"/)
    expect((await pay(checkout, payingCard, "12/99", "12")).html).toContain("3-digit security code")
    expect(await usdcOf(buyer)).toBe(0n)
    // The same checkout still pays with the right card.
    expect((await pay(checkout, payingCard)).status).toBe(200)
    expect(await usdcOf(buyer)).toBeGreaterThan(0n)
  })

  it("cannot take an order above the card limit, nor pay a checkout it never opened", async () => {
    const page = await open(moonPayUrl(freshAddress(), { baseCurrencyAmount: "7500.01" }))
    expect(page.status).toBe(422)
    expect(page.html).toContain("Card payments are from 10.00 to 7500.00 USD.")
    expect((await pay("not-a-checkout", payingCard)).status).toBe(410)
  })

  it("sells at least a crypto preset, and pays a checkout sent twice at once only once", async () => {
    const buyer = freshAddress()
    const { checkout } = await open(await coinbaseCheckout(buyer, { defaultAsset: "USDC", presetCryptoAmount: "25" }))
    const [first, second] = await Promise.all([pay(checkout, payingCard), pay(checkout, payingCard)])
    expect([first.status, second.status]).toEqual([200, 200])
    const hash = /id="transaction">(0x[0-9a-f]{64})</.exec(first.html)?.[1]
    expect(second.html).toContain(hash)
    const balance = await usdcOf(buyer)
    expect(balance).toBeGreaterThanOrEqual(parseUnits("25", 6))
    expect(balance).toBeLessThan(parseUnits("25.02", 6))
  })
})
