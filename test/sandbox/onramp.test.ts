/**
 * The sandbox onramp provider on its own: its quote math (the inverse finds the smallest total), the
 * test-card rules, its API's key check and refusals, and its checkout over HTTP against the devnets: a
 * declined or malformed card pays nothing, an order above the card limit cannot be paid, a crypto preset is
 * honoured, a session sent twice at once pays once, and every purchase is reported with a callback signed
 * for the receiver (here a small local server standing in for Portico's).
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { text } from "node:stream/consumers"
import * as Schema from "effect/Schema"
import * as fc from "fast-check"
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as CallbackSignature from "../../http/server/onramp/CallbackSignature.ts"
import * as CheckoutToken from "../../http/server/onramp/CheckoutToken.ts"
import { PurchaseCallback, signatureHeader } from "../../http/server/onramp/ProviderProtocol.ts"
import { demoAccounts } from "../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { devnetContract } from "../../sandbox/evm/NetworkShapes.ts"
import { checkCard, decliningCard, payingCard } from "../../sandbox/onramp/Card.ts"
import { pricingOf, soldAssets } from "../../sandbox/onramp/Catalogue.ts"
import { startOnrampProvider, type OnrampProvider } from "../../sandbox/onramp/OnrampProvider.ts"
import { quoteFor, totalFor } from "../../sandbox/onramp/QuoteMath.ts"
import { newCredentials, sandboxRamps } from "../../sandbox/onramp/Ramps.ts"
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
      received.push({ body, signature: request.headers[signatureHeader]?.toString() })
      response.writeHead(receiverStatus).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
  evm = await startEvmDevnets()
  provider = await startOnrampProvider({ networks: evm.chains, credentials, callbackUrl: (ramp) => `${receiverUrl}/callback/${ramp.id}` })
}, 180_000)

afterAll(async () => {
  await provider?.stop()
  await evm?.stop()
  await new Promise((resolve) => receiver?.close(resolve))
})

const secretOf = (ramp: string) => credentials.get(ramp)?.secret ?? ""
const apiKeyOf = (ramp: string) => credentials.get(ramp)?.apiKey ?? ""
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
const reader = () => createPublicClient({ transport: http(evm.chains[0]?.rpcUrl) })
const usdcOf = (owner: Address) => reader().readContract({ address: devnetContract(31337, "usdc"), abi: erc20Abi, functionName: "balanceOf", args: [owner] })

const session = (ramp: string, to: Address, amounts: Partial<Pick<CheckoutToken.CheckoutOrder, "preset_fiat_amount" | "preset_crypto_amount">>, asset = "USDC") =>
  CheckoutToken.sign(secretOf(ramp), ramp, {
    destination_address: to,
    chain_id: "31337",
    network: "portico-local",
    asset,
    payment_currency: "USD",
    ...amounts,
    quote_id: "q-test",
    partner_user_id: to
  }, Math.floor(Date.now() / 1000))

const pay = async (ramp: string, token: string, number: string, expiry = "12/99", cvc = "123") => {
  const response = await fetch(`${provider.url}/${ramp}/checkout/pay`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ session: token, card_number: number, expiry, cvc })
  })
  return { status: response.status, html: await response.text() }
}

const api = (ramp: string, path: string, init: RequestInit = {}, key = apiKeyOf(ramp)) =>
  fetch(`${provider.url}/${ramp}/api/${path}`, { ...init, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } })

const quote = async (body: unknown) => {
  const response = await api("ramp-b", "quote", { method: "POST", body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as { purchase_amount: { value: string }; error: { field: string } } }
}

describe("the provider's API", () => {
  it("answers only its own API key", async () => {
    expect((await api("ramp-a", "options")).status).toBe(200)
    expect((await api("ramp-a", "options", {}, apiKeyOf("ramp-b"))).status).toBe(401)
    expect((await fetch(`${provider.url}/ramp-a/api/options`)).status).toBe(401)
  })

  it("quotes a crypto amount with the smallest total buying it, and refuses by field", async () => {
    const base = { purchase_currency: "ETH", purchase_network: "portico-local", payment_currency: "USD" }
    const bought = await quote({ ...base, purchase_amount: "0.1" })
    expect(bought.status).toBe(200)
    expect(parseUnits(bought.body.purchase_amount.value, 18)).toBeGreaterThanOrEqual(parseUnits("0.1", 18))
    const refusals: ReadonlyArray<readonly [unknown, string]> = [
      [{ ...base, purchase_currency: "DOGE", payment_amount: "50" }, "purchase_currency"],
      [{ ...base, purchase_network: "ethereum", payment_amount: "50" }, "purchase_network"],
      [{ ...base, payment_currency: "JPY", payment_amount: "50" }, "payment_currency"],
      [{ ...base, payment_amount: "9.99" }, "payment_amount"],
      [{ ...base, payment_amount: "50", purchase_amount: "1" }, "payment_amount"],
      [{ ...base, purchase_amount: "100" }, "purchase_amount"]
    ]
    for (const [body, field] of refusals) expect(await quote(body)).toMatchObject({ status: 400, body: { error: { field } } })
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
    const token = await session("ramp-a", buyer, { preset_fiat_amount: "40.00" })
    const declined = await pay("ramp-a", token, "4000 0000 0000 0002")
    expect(declined.status).toBe(402)
    expect(declined.html).toContain("Your card was declined.")
    const expired = await pay("ramp-a", token, payingCard, "01/20")
    expect(expired.status).toBe(400)
    expect(expired.html).toContain("This card has expired.")
    expect(expired.html).toMatch(/id="expiry"[^>]*aria-invalid="true"/)
    expect((await pay("ramp-a", token, payingCard, "12/99", "12")).html).toContain("3-digit security code")
    expect(await usdcOf(buyer)).toBe(0n)
    // The same session still pays with the right card.
    expect((await pay("ramp-a", token, payingCard)).status).toBe(200)
    expect(await usdcOf(buyer)).toBeGreaterThan(0n)
  })

  it("cannot take an order above the card limit", async () => {
    const token = await session("ramp-a", freshAddress(), { preset_fiat_amount: "7500.01" })
    const page = await fetch(`${provider.url}/ramp-a/checkout?session=${token}`)
    expect(page.status).toBe(422)
    expect(await page.text()).toContain("Card payments are from 10.00 to 7500.00 USD.")
    expect((await pay("ramp-a", token, payingCard)).status).toBe(422)
  })

  it("sells at least a crypto preset, and pays a session sent twice at once only once", async () => {
    const buyer = freshAddress()
    const token = await session("ramp-b", buyer, { preset_crypto_amount: "25" })
    const [first, second] = await Promise.all([pay("ramp-b", token, payingCard), pay("ramp-b", token, payingCard)])
    expect([first.status, second.status]).toEqual([200, 200])
    const hash = /id="transaction">(0x[0-9a-f]{64})</.exec(first.html)?.[1]
    expect(second.html).toContain(hash)
    const balance = await usdcOf(buyer)
    expect(balance).toBeGreaterThanOrEqual(parseUnits("25", 6))
    expect(balance).toBeLessThan(parseUnits("25.02", 6))
  })

  it("reports each purchase with a callback signed for the receiver, and says so when the receiver does not take it", async () => {
    const buyer = freshAddress()
    received.length = 0
    const paid = await pay("ramp-b", await session("ramp-b", buyer, { preset_fiat_amount: "20.00" }, "ETH"), payingCard)
    const [report] = received
    expect(report).toBeDefined()
    expect(CallbackSignature.verify(secretOf("ramp-b"), new TextEncoder().encode(report?.body), report?.signature)).toBe(true)
    expect(CallbackSignature.verify(secretOf("ramp-a"), new TextEncoder().encode(report?.body), report?.signature)).toBe(false)
    const callback = Schema.decodeUnknownSync(Schema.fromJsonString(PurchaseCallback))(report?.body)
    expect(callback).toMatchObject({ destination_address: buyer, contract_address: "", chain_id: "31337", quote_id: "q-test", payment_total: { value: "20.00", currency: "USD" } })
    expect(paid.html).toContain(callback.transaction_hash)
    expect(await reader().getBalance({ address: buyer })).toBe(parseUnits(callback.purchase_amount, 18))

    receiverStatus = 500
    try {
      const unheard = await pay("ramp-b", await session("ramp-b", freshAddress(), { preset_fiat_amount: "20.00" }), payingCard)
      expect(unheard.status).toBe(200)
      expect(unheard.html).toContain("could not be told about this purchase")
    } finally {
      receiverStatus = 204
    }
  })
})
