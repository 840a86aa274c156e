import { afterEach, describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Eip6963 from "../../../core/connectors/Eip6963.ts"
import type * as Eip1193 from "../../../core/connectors/Eip1193.ts"

const pngIcon = "data:image/png;base64,iVBORw0KGgo="
const svgWithScript = `data:image/svg+xml,${encodeURIComponent("<svg xmlns='http://www.w3.org/2000/svg'><script>window.__pwned = true</script></svg>")}`

/** A wallet's provider as a page would see it: answers a few methods, or rejects like a visitor would. */
const fakeProvider = (answers: Record<string, unknown>, reject?: { readonly code: number; readonly message: string }): Eip1193.Provider => ({
  request: async ({ method }) => {
    if (reject !== undefined) throw reject
    if (method in answers) return answers[method]
    throw { code: 4200, message: `unsupported ${method}` }
  }
})

const announce = (detail: unknown) =>
  window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))

let stops: Array<() => void> = []
afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
})

const watchAll = () => {
  let latest = Eip6963.empty
  stops.push(Eip6963.watch((discovery) => {
    latest = discovery
  }))
  return () => latest
}

describe("EIP-6963 discovery in a real page", () => {
  it("lists a valid announcement as an ANNOUNCED connector keyed by rdns", () => {
    const current = watchAll()
    const provider = fakeProvider({})
    announce({ info: { uuid: crypto.randomUUID(), name: "Good Wallet", icon: pngIcon, rdns: "com.good" }, provider })
    expect(current().wallets.map((w) => w.client.connector)).toEqual([
      { id: "com.good", name: "Good Wallet", chain: "eip155", imageUrl: pngIcon, info: { rdns: "com.good" }, type: "ANNOUNCED" }
    ])
  })

  it("asks wallets to announce when it starts (eip6963:requestProvider)", () => {
    const detail = { info: { uuid: crypto.randomUUID(), name: "Late", icon: pngIcon, rdns: "com.late" }, provider: fakeProvider({}) }
    const answer = () => announce(detail)
    window.addEventListener("eip6963:requestProvider", answer)
    stops.push(() => window.removeEventListener("eip6963:requestProvider", answer))
    const current = watchAll()
    expect(current().wallets.map((w) => w.info.name)).toEqual(["Late"])
  })

  it("rejects bad icons, bad uuids, bad rdns and providers without request", () => {
    const current = watchAll()
    const provider = fakeProvider({})
    announce({ info: { uuid: crypto.randomUUID(), name: "Js", icon: "javascript:alert(1)", rdns: "com.js" }, provider })
    announce({ info: { uuid: crypto.randomUUID(), name: "Http", icon: "http://evil.example/i.png", rdns: "com.http" }, provider })
    announce({ info: { uuid: "not-a-uuid", name: "Uuid", icon: pngIcon, rdns: "com.uuid" }, provider })
    // A valid UUID of version 1, and one of version 4 with a wrong variant: EIP-6963 asks for UUIDv4.
    announce({ info: { uuid: "6ba7b810-9dad-11d1-80b4-00c04fd430c8", name: "UuidV1", icon: pngIcon, rdns: "com.uuidv1" }, provider })
    announce({ info: { uuid: "5a1f0c6e-0000-4000-c000-000000000bad", name: "UuidVariant", icon: pngIcon, rdns: "com.variant" }, provider })
    announce({ info: { uuid: crypto.randomUUID(), name: "Rdns", icon: pngIcon, rdns: "<b>" }, provider })
    announce({ info: { uuid: crypto.randomUUID(), name: "NoRequest", icon: pngIcon, rdns: "com.noreq" }, provider: {} })
    announce("garbage")
    expect(current().wallets).toEqual([])
    expect(current().rejected.map((r) => r.reason)).toEqual([
      "invalid-info",
      "invalid-info",
      "invalid-info",
      "invalid-info",
      "invalid-info",
      "invalid-info",
      "invalid-provider",
      "invalid-info"
    ])
  })

  it("flags a second announcement reusing a uuid and keeps the first", () => {
    const current = watchAll()
    const uuid = crypto.randomUUID()
    const first = fakeProvider({})
    announce({ info: { uuid, name: "Original", icon: pngIcon, rdns: "com.original" }, provider: first })
    announce({ info: { uuid, name: "Impostor", icon: pngIcon, rdns: "com.impostor" }, provider: fakeProvider({}) })
    announce({ info: { uuid: crypto.randomUUID(), name: "Same rdns", icon: pngIcon, rdns: "com.original" }, provider: fakeProvider({}) })
    // The same provider re-announcing (it answers every requestProvider) is not a duplicate.
    announce({ info: { uuid, name: "Original", icon: pngIcon, rdns: "com.original" }, provider: first })
    expect(current().wallets.map((w) => w.info.name)).toEqual(["Original"])
    expect(current().rejected).toEqual([
      { reason: "duplicate-uuid", name: "Impostor" },
      { reason: "duplicate-rdns", name: "Same rdns" }
    ])
  })

  it("keeps an SVG icon with a script and a name with HTML as inert data", () => {
    const current = watchAll()
    const name = "<img src=x onerror=\"window.__pwned=true\">Evil"
    announce({ info: { uuid: crypto.randomUUID(), name, icon: svgWithScript, rdns: "com.evil" }, provider: fakeProvider({}) })
    const [wallet] = current().wallets
    expect(wallet?.info.name).toBe(name)
    expect(wallet?.info.icon).toBe(svgWithScript)
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined()
  })

  it("connects through the announced provider and maps a rejection to UserRejectedRequestError", async () => {
    const current = watchAll()
    announce({
      info: { uuid: crypto.randomUUID(), name: "Yes", icon: pngIcon, rdns: "com.yes" },
      // Anything that is not an address in the wallet's answer is dropped.
      provider: fakeProvider({ eth_requestAccounts: ["<img src=x>", 42, "0x00000000000000000000000000000000000000aa"], eth_chainId: "0x7a69" })
    })
    announce({
      info: { uuid: crypto.randomUUID(), name: "No", icon: pngIcon, rdns: "com.no" },
      provider: fakeProvider({}, { code: 4001, message: "User rejected the request." })
    })
    const [yes, no] = current().wallets
    const connected = await Effect.runPromise(yes!.client.connect({}))
    expect(connected).toEqual({ namespace: "eip155", accounts: ["0x00000000000000000000000000000000000000aa"], caipNetworkId: "eip155:31337" })
    const exit = await Effect.runPromiseExit(no!.client.connect({}))
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit)) expect(JSON.stringify(exit.cause)).toContain("UserRejectedRequestError")
  })
})
