/**
 * The swap's guards as properties: an amount is refused exactly when it is above the balance held of the
 * token paid with, a price impact exactly when it is above 5 %, and only an ERC-20 the router may not
 * spend enough of needs an approval first.
 */
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import { formatUnits } from "../../../core/Format.ts"
import * as Amount from "../../../core/send/Amount.ts"
import * as Swap from "../../../core/swap/Swap.ts"
import * as SwapGuards from "../../../core/swap/SwapGuards.ts"
import type * as TokenBalance from "../../../core/TokenBalance.ts"

const usdc: Swap.SwapToken = { name: "USD Coin", symbol: "USDC", address: "eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", decimals: 6, logoUri: "" }
const ether: Swap.SwapToken = { name: "Ether", symbol: "ETH", address: `eip155:1:${Swap.nativeToken}`, decimals: 18, logoUri: "" }

const balance = (token: Swap.SwapToken, units: bigint): TokenBalance.TokenBalance => ({
  name: token.name,
  symbol: token.symbol,
  chainId: "eip155:1",
  ...(Swap.isNative(token) ? {} : { address: token.address.toLowerCase() }),
  iconUrl: "",
  quantity: { decimals: String(token.decimals), numeric: formatUnits(units, token.decimals) }
})

const form = (from: Swap.SwapToken, units: bigint, priceImpact = "0.3"): Swap.SwapState => ({
  ...Swap.initial,
  from,
  to: from === ether ? usdc : ether,
  amount: formatUnits(units, from.decimals),
  units,
  quote: { toAmount: 1n, priceImpact, fee: "0.3" }
})

const tags = (refusals: ReadonlyArray<SwapGuards.SwapRefusal>) => refusals.map((refusal) => refusal._tag)

describe("SwapGuards", () => {
  it("refuses an amount exactly when it is above the balance of the token paid with (Ether: the native balance)", () => {
    const units = fc.bigInt({ min: 1n, max: 10n ** 30n })
    fc.assert(fc.property(fc.constantFrom(usdc, ether), units, units, (token, amount, held) => {
      const refused = tags(SwapGuards.refusals(form(token, amount), [balance(token, held)])).includes("InsufficientBalanceError")
      expect(refused).toBe(amount > held)
    }))
  })

  it("counts an account holding none of the token as holding nothing", () => {
    expect(tags(SwapGuards.refusals(form(usdc, 1n), [balance(ether, 10n ** 20n)]))).toEqual(["InsufficientBalanceError"])
  })

  it("refuses a price impact exactly when it is above 5 %, read on its digits", () => {
    const impact = fc.tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 9999 }))
      .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(4, "0")}`)
    fc.assert(fc.property(impact, (text) => {
      const [whole = "0", fraction = "0"] = text.split(".")
      const aboveFive = Number(whole) > 5 || (Number(whole) === 5 && Number(fraction) > 0)
      expect(SwapGuards.impactTooHigh(text)).toBe(aboveFive)
      expect(tags(SwapGuards.refusals(form(usdc, 1n, text), [balance(usdc, 1n)]))).toEqual(aboveFive ? ["SwapPriceImpactTooHighError"] : [])
    }))
    expect(SwapGuards.impactTooHigh("5")).toBe(false)
    expect(SwapGuards.impactTooHigh("-2.5")).toBe(false)
    // What cannot be read is not within the limit.
    expect(SwapGuards.impactTooHigh("NaN")).toBe(true)
  })

  it("asks for an approval only for a token whose allowance is below the amount", () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.option(fc.bigInt({ min: 0n, max: 10n ** 30n }), { nil: undefined }), (units, allowance) => {
      expect(SwapGuards.needsApproval(ether, allowance, units)).toBe(false)
      expect(SwapGuards.needsApproval(usdc, allowance, units)).toBe((allowance ?? 0n) < units)
    }))
  })

  it("fails with the first refusal, and passes a form with none", () => {
    const refused = Effect.runSync(Effect.flip(SwapGuards.check(form(usdc, 2n, "7"), [balance(usdc, 1n)])))
    expect(refused).toEqual(new Amount.InsufficientBalanceError({ symbol: "USDC" }))
    expect(Effect.runSync(Effect.exit(SwapGuards.check(form(usdc, 1n), [balance(usdc, 1n)])))._tag).toBe("Success")
  })
})
