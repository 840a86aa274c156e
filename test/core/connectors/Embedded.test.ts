/**
 * The embedded connector over a scripted frame: requests go to the frame as RPC_REQUEST on the
 * namespace's network (Solana methods on Solana's), the frame's refusals come back as the wallet errors of
 * their EIP-1193 codes ('Requested RPC call is not allowed' is 4200), switching networks is the frame's
 * own event, and connecting before the wallet is unlocked is refused.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Embedded from "../../../core/connectors/Embedded.ts"
import { EmbeddedFrame, FrameAttacher } from "../../../core/embedded/FrameChannel.ts"
import type * as Protocol from "../../../core/embedded/FrameProtocol.ts"
import { type Answer, scriptedFrame } from "../support/ScriptedFrame.ts"
import { evmAddress, solAddress, solNetwork } from "../support/Wallets.ts"

const user: Protocol.FrameUser = {
  accounts: [
    { namespace: "eip155", address: evmAddress, type: "eoa", path: "m/44'/60'/0'/0/0" },
    { namespace: "solana", address: solAddress, type: "eoa", path: "m/44'/501'/0'/0'" }
  ],
  preferredAccountType: "eoa",
  smartAccountDeployed: false
}

const withConnector = (script: (request: Protocol.Request) => Answer, use: (client: ReturnType<typeof Embedded.make>, asked: ReadonlyArray<Protocol.Request>) => Effect.Effect<void, unknown>) => {
  const frame = scriptedFrame(script)
  const requests: Array<Protocol.Request> = []
  const port = { ...frame.port, post: (request: Protocol.Request) => {
    requests.push(request)
    frame.port.post(request)
  } }
  const attacher = Layer.succeed(FrameAttacher, FrameAttacher.of({ attach: Effect.succeed(port) }))
  return Effect.gen(function*() {
    const service = yield* EmbeddedFrame
    const client = Embedded.make({ frame: () => Promise.resolve(service), networks: ["eip155:31337", "eip155:1", solNetwork] })
    yield* use(client, requests)
  }).pipe(Effect.provide(EmbeddedFrame.layer.pipe(Layer.provide(attacher))))
}

const wallet = (locked = false) => (request: Protocol.Request): Answer => {
  switch (request.type) {
    case "GET_KEY_STATE":
      return locked ? { ok: { state: "recover", panelId: "d".repeat(32) } } : { ok: { state: "ready", user } }
    case "GET_CHAIN_ID":
      return { ok: { chainId: "eip155:31337" } }
    case "SWITCH_NETWORK":
      return { ok: { chainId: (request.payload as { chainId: string }).chainId } }
    case "RPC_REQUEST": {
      const { method } = request.payload as { method: string }
      if (method === "eth_mine") return { error: "Requested RPC call is not allowed", code: 4200 }
      if (method === "personal_sign") return { error: "Request was aborted", code: 4001 }
      return { ok: { result: `${method}@${(request.payload as { chainId: string }).chainId}` } }
    }
    default:
      return { ok: {} }
  }
}

describe("Embedded connector", () => {
  it.live("connects both accounts, routes each request to its namespace's network, and maps the frame's refusals", () =>
    withConnector(wallet(), (client, asked) =>
      Effect.gen(function*() {
        const connected = yield* client.connect({})
        assert.deepStrictEqual([connected.namespace, connected.accounts, connected.caipNetworkId], ["eip155", [evmAddress], "eip155:31337"])
        assert.deepStrictEqual(connected.also?.map((other) => [other.namespace, other.caipNetworkId]), [["solana", solNetwork]])
        assert.strictEqual(yield* client.request({ method: "eth_blockNumber" }), "eth_blockNumber@eip155:31337")
        assert.strictEqual(yield* client.request({ method: "solana_signMessage", params: {} }), `solana_signMessage@${solNetwork}`)
        const refused = yield* Effect.flip(client.request({ method: "eth_mine" }))
        assert.deepStrictEqual([refused._tag, refused.message], ["UnsupportedMethodError", "Requested RPC call is not allowed"])
        const rejected = yield* Effect.flip(client.request({ method: "personal_sign", params: ["0x00", evmAddress] }))
        assert.deepStrictEqual([rejected._tag, rejected.message], ["UserRejectedRequestError", "Request was aborted"])
        assert.isNull(yield* client.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] }))
        assert.strictEqual(yield* client.request({ method: "eth_chainId" }), "eth_chainId@eip155:1")
        const unknown = yield* Effect.flip(client.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x89" }] }))
        assert.strictEqual(unknown._tag, "UnrecognizedChainError")
        assert.isTrue(asked.some((request) => request.type === "SWITCH_NETWORK"))
      })))

  it.live("refuses to connect a wallet that is not unlocked yet", () =>
    withConnector(wallet(true), (client) =>
      Effect.gen(function*() {
        const refused = yield* Effect.flip(client.connect({}))
        assert.strictEqual(refused._tag, "ConnectorError")
      })))
})
