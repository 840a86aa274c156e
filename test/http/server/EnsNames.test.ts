/**
 * ENS on Portico's server, against the Ethereum-shaped devnet's registry, public resolver and Universal
 * Resolver: an address's identity is its primary ENS name (checked forward) and avatar, before Portico's
 * own names; `name.eth` resolves to its address and avatar; an unknown ENS name is answered without
 * addresses (no 404 for the page's console) and a name ENS cannot normalise is a 400; an RPC that fails is
 * a 502, never a missing or wrong name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { accountAt } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { avatarOf, demoEnsNames } from "../../../sandbox/evm/EnsSeed.ts"
import { devnetServerOptions, evmChainSpecs } from "../../../sandbox/evm/NetworkShapes.ts"

let evm: EvmDevnets
let api: ApiServer
let unreachable: ApiServer

const project = { p: { allowedOrigins: ["*"] } }

beforeAll(async () => {
  evm = await startEvmDevnets()
  const ethereum = devnetServerOptions(evmChainSpecs[0], evm.chains[0]?.rpcUrl ?? "")
  api = await startApiServer({ port: 0, projects: project, evm: [ethereum] })
  unreachable = await startApiServer({ port: 0, projects: project, evm: [{ ...ethereum, rpcUrl: "http://127.0.0.1:9" }] })
}, 180_000)

afterAll(async () => {
  await Promise.all([api?.stop(), unreachable?.stop()])
  await evm?.stop()
})

const get = async (path: string, server = api) => {
  const response = await fetch(`${server.url}${path}${path.includes("?") ? "&" : "?"}projectId=p&st=t&sv=1`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe("ENS names", () => {
  it("gives an address's primary ENS name and avatar as its identity", async () => {
    for (const { label, account, hue } of demoEnsNames) {
      expect(await get(`/v1/identity/${accountAt(account).address}`)).toEqual({ status: 200, body: { name: `${label}.eth`, avatar: avatarOf(label, hue) } })
    }
    // Lower-case addresses too; an address without a primary name has no identity (and no Portico name here).
    expect((await get(`/v1/identity/${accountAt(1).address.toLowerCase()}`)).body["name"]).toBe("bob.eth")
    expect(await get(`/v1/identity/${accountAt(8).address}`)).toEqual({ status: 200, body: { name: null, avatar: null } })
  })

  it("resolves name.eth to its Ethereum address and avatar in the profile shape", async () => {
    const { status, body } = await get("/v1/profile/account/Carol.eth?apiVersion=2")
    expect(status).toBe(200)
    expect(body).toMatchObject({ name: "carol.eth", addresses: { "60": { address: accountAt(2).address } }, attributes: { avatar: avatarOf("carol", 130) } })
  })

  it("answers an unknown ENS name as not registered (no 404), and refuses a name ENS cannot normalise", async () => {
    expect(await get("/v1/profile/account/nobody-here.eth")).toEqual({ status: 200, body: { _tag: "NameNotRegistered", name: "nobody-here.eth" } })
    const invalid = await get(`/v1/profile/account/${encodeURIComponent("bad..eth")}`)
    expect(invalid.status).toBe(400)
    expect(String(invalid.body["message"])).toMatch(/^name:/)
    // Portico's own zone is still Portico's: its repository answers for it.
    expect(await get("/v1/profile/account/nobody-here.portico.id")).toEqual({ status: 200, body: { _tag: "NameNotRegistered", name: "nobody-here.portico.id" } })
  })

  it("answers 502 when the RPC fails, rather than no name", async () => {
    const { status, body } = await get(`/v1/identity/${accountAt(1).address}`, unreachable)
    expect(status).toBe(502)
    expect(body["_tag"]).toBe("UpstreamUnavailable")
    expect((await get("/v1/profile/account/bob.eth", unreachable)).status).toBe(502)
  })
})
