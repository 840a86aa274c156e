/**
 * The CAIP-25 session checks: what Portico asks for, and each way a wallet's answer can step outside it
 * (an unknown scope, a chain not asked for, an account outside its scope, a bad address, a malformed
 * answer) refused with InvalidAccountError; a well-formed answer within the request always accepted.
 */
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import type * as Caip from "../../../core/Caip.ts"
import * as SessionScopes from "../../../core/multichain/SessionScopes.ts"

const evm = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const evm2 = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const sol = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
const cluster = "solana:J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oBy"
const networks: ReadonlyArray<Caip.CaipNetworkId> = ["eip155:31337", "eip155:31338", cluster]

const scope = (accounts: ReadonlyArray<string>) => ({ methods: [], notifications: [], accounts })
const check = (answer: unknown, preferred: ReadonlyArray<Caip.CaipNetworkId> = []) =>
  Effect.runSync(Effect.result(SessionScopes.grantedOfAnswer("multichain:dev.portico.demo", answer, networks, preferred)))
const refusal = (answer: unknown) => {
  const result = check(answer)
  if (result._tag === "Success") throw new Error("expected a refusal")
  expect(result.failure._tag).toBe("InvalidAccountError")
  return result.failure.message
}

describe("CAIP-25 session request", () => {
  it("asks for each EVM and Solana network as its own scope, with its namespace's methods and notifications", () => {
    const request = SessionScopes.sessionRequest([...networks, "bip122:000000000019d6689c085ae165831e93"])
    expect(Object.keys(request.optionalScopes)).toEqual(networks)
    expect(request.optionalScopes["eip155:31337"]?.methods).toContain("eth_sendTransaction")
    expect(request.optionalScopes[cluster]?.methods).toEqual(["signMessage", "signTransaction", "signAndSendTransaction", "signIn"])
    expect(request.optionalScopes[cluster]?.notifications).toEqual(["accountsChanged", "chainChanged"])
  })
})

describe("CAIP-25 session answer", () => {
  it("gives one connection per namespace, on the preferred network where granted", () => {
    const result = check({
      sessionScopes: {
        "eip155:31337": scope([`eip155:31337:${evm}`, `eip155:31337:${evm2}`]),
        "eip155:31338": scope([`eip155:31338:${evm}`]),
        [cluster]: scope([`${cluster}:${sol}`])
      }
    }, ["eip155:31338"])
    if (result._tag === "Failure") throw result.failure
    expect(result.success.connections).toEqual([
      { namespace: "eip155", accounts: [evm], caipNetworkId: "eip155:31338" },
      { namespace: "solana", accounts: [sol], caipNetworkId: cluster }
    ])
    expect(result.success.scopes.get("eip155")).toEqual(["eip155:31337", "eip155:31338"])
  })

  it("refuses a scope Portico does not know", () => {
    expect(refusal({ sessionScopes: { "eip155:31337": scope([`eip155:31337:${evm}`]), "bip122:000000000019d6689c085ae165831e93": scope([]) } }))
      .toContain("does not know")
    expect(refusal({ sessionScopes: { wallet: scope([]) } })).toContain("does not know")
  })

  it("refuses a chain that was not asked for", () => {
    expect(refusal({ sessionScopes: { "eip155:1": scope([`eip155:1:${evm}`]) } })).toContain("not asked for")
  })

  it("refuses an account outside its scope", () => {
    expect(refusal({ sessionScopes: { [cluster]: scope([`eip155:31337:${evm}`]) } })).toContain("outside the scope")
    expect(refusal({ sessionScopes: { "eip155:31337": scope([`eip155:31338:${evm}`]) } })).toContain("outside the scope")
    expect(refusal({ sessionScopes: { "eip155:31337": scope([evm]) } })).toContain("outside the scope")
  })

  it("refuses an address that is not valid for its namespace, a malformed answer, and one with no account", () => {
    expect(refusal({ sessionScopes: { "eip155:31337": scope(["eip155:31337:0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266"]) } })).toContain("not a valid")
    expect(refusal({ sessionScopes: { "eip155:31337": { accounts: [`eip155:31337:${evm}`] } } })).toContain("malformed")
    expect(refusal("granted")).toContain("malformed")
    expect(refusal({ sessionScopes: { "eip155:31337": scope([]) } })).toContain("no account")
  })

  it("accepts every answer within the request; adding any scope not asked for refuses it", () => {
    const granted = fc.subarray([...networks], { minLength: 1 })
    const foreign = fc.oneof(
      fc.integer({ min: 1, max: 1_000_000 }).filter((id) => id !== 31337 && id !== 31338).map((id) => `eip155:${id}`),
      fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32}$/).map((reference) => `solana:${reference}`).filter((id) => id !== cluster)
    )
    fc.assert(fc.property(granted, foreign, (chosen, extra) => {
      const entries = chosen.map((network) => [network, scope([`${network}:${network === cluster ? sol : evm}`])] as const)
      expect(check({ sessionScopes: Object.fromEntries(entries) })._tag).toBe("Success")
      expect(check({ sessionScopes: Object.fromEntries([...entries, [extra, scope([])]]) })._tag).toBe("Failure")
    }))
  })
})
