/**
 * The Permissions feature with a fake wallet and server (the whole story against the real server and
 * chain is test/e2e/smartAccount.test.ts): the list is the wallet's granted permissions as the server
 * reads them from the chain, only those that still hold; revoking signs the contract's EIP-712
 * RevokePermission for the session's account at the Clock's time, hands the signature to the server and
 * lists again; a refusal by the visitor, by the server or by the chain is a typed failure and nothing after it runs.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { encodeFunctionResult, erc20Abi, getAddress, type Hex, numberToHex } from "viem"
import type * as Backend from "../../../core/Backend.ts"
import { BackendRequestError } from "../../../core/Backend.ts"
import * as Connection from "../../../core/Connection.ts"
import type * as Connector from "../../../core/Connector.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import { Permissions } from "../../../core/features/Permissions.ts"
import { revocationWindowSeconds } from "../../../core/permissions/PermissionSummary.ts"
import { type RevokeSessionRequest, SmartSession } from "../../../core/permissions/SmartSession.ts"
import { encodePermissionContext, spendPermissionsAddress } from "../../../core/permissions/SpendPermissions.ts"
import { ChainReads } from "../../../core/rpc/ChainReads.ts"
import { features } from "../support/Environment.ts"
import { evmAddress, evmConnected, evmConnector, fake, rejected } from "../support/Wallets.ts"

const now = 1_800_000_000
const usdc = "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35"
const spender = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const signature = `0x${"ab".repeat(65)}` as const
const idOf = (n: number) => numberToHex(n, { size: 32 })
const pciOf = (n: number) => encodePermissionContext(evmAddress, idOf(n)).toLowerCase()

const sessionOf = (n: number, fields: { readonly revoked?: boolean; readonly remaining?: bigint; readonly start?: number } = {}) =>
  new SmartSession({
    pci: pciOf(n),
    address: evmAddress,
    chainId: "eip155:31337",
    spender,
    expiry: now + 86_400 * 7,
    revoked: fields.revoked ?? false,
    remaining: numberToHex(fields.remaining ?? 4_000_000n),
    permissions: [{ type: "erc20-token-periodic", data: { tokenAddress: usdc, periodAmount: numberToHex(10_000_000n), periodDuration: 86_400, startTime: fields.start ?? now - 3_600 } }],
    policies: [{ type: "expiry", data: { timestamp: now + 86_400 * 7 } }]
  })

const grantedOf = (n: number) => ({
  chainId: "0x7a69",
  from: evmAddress,
  to: spender,
  permission: { type: "erc20-token-periodic", isAdjustmentAllowed: false, data: {} },
  context: pciOf(n),
  delegationManager: spendPermissionsAddress
})

/** The token's contract on chain: its symbol and decimals answered as ERC-20 encodes them. */
const token = (symbol: string) =>
  Layer.succeed(ChainReads, ChainReads.of({
    on: () =>
      Effect.succeed((args: Connector.RequestArguments) => {
        const [call] = args.params as readonly [{ readonly data: Hex }]
        return Effect.succeed(call.data === "0x95d89b41"
          ? encodeFunctionResult({ abi: erc20Abi, functionName: "symbol", result: symbol })
          : encodeFunctionResult({ abi: erc20Abi, functionName: "decimals", result: 6 }))
      })
  }))

interface World {
  readonly wallet: (args: Connector.RequestArguments) => Effect.Effect<unknown, Connector.ConnectorFailure>
  readonly backend: Partial<Backend.Backend["Service"]>
  readonly symbol?: string
}

const run = (world: World) => <A, E>(effect: Effect.Effect<A, E, Permissions>) => {
  const wallet = fake(evmConnector, { connect: Effect.succeed(evmConnected), request: world.wallet })
  const layer = Permissions.layer.pipe(Layer.provide(token(world.symbol ?? "USDC")), Layer.provideMerge(features({ clients: [wallet.client], backend: world.backend })))
  return Effect.gen(function*() {
    yield* TestClock.setTime(now * 1000)
    yield* Effect.flatMap(Connectors, (connectors) => connectors.discover)
    yield* Effect.flatMap(Connection.Connection, (connection) => connection.connect(evmConnector.id))
    return { result: yield* effect, calls: wallet.calls }
  }).pipe(Effect.provide(layer))
}

const list = Effect.flatMap(Permissions, (permissions) => permissions.list)
const revokeFirst = Effect.flatMap(Permissions, (permissions) =>
  Effect.flatMap(permissions.list, (rows) => permissions.revoke(rows[0]!.summary)))

/** The wallet lists permissions 1 and 2; the chain holds `sessions` (by number) and keeps what `revoked` marks. */
const world = (sessions: Map<number, SmartSession>, answers: { readonly sign?: Effect.Effect<unknown, Connector.ConnectorFailure> } = {}) => {
  const signed: Array<unknown> = []
  const revocations: Array<unknown> = []
  const read: Array<string> = []
  return {
    signed,
    revocations,
    read,
    wallet: (args: Connector.RequestArguments) => {
      if (args.method === "wallet_getGrantedExecutionPermissions") return Effect.succeed([grantedOf(1), grantedOf(2)])
      signed.push(args)
      return answers.sign ?? Effect.succeed(signature)
    },
    backend: {
      smartSession: (pci: string, caipNetworkId: string) =>
        Effect.sync(() => {
          read.push(caipNetworkId)
          return [...sessions.values()].find((session) => session.pci === pci)
        }),
      revokeSmartSession: (revocation: RevokeSessionRequest) =>
        Effect.sync(() => {
          revocations.push(revocation)
          for (const [n, session] of sessions) if (session.pci === revocation.pci) sessions.set(n, sessionOf(n, { revoked: true }))
          return `0x${"11".repeat(32)}`
        })
    } satisfies Partial<Backend.Backend["Service"]>
  }
}

describe("Permissions.list", () => {
  it.effect("joins the wallet's grants with the chain's sessions: what is spent today, the token by its contract, on the grant's chain", () => {
    const chain = world(new Map([[1, sessionOf(1)], [2, sessionOf(2, { start: now + 60 })]]))
    return Effect.gen(function*() {
      const { result } = yield* run(chain)(list)
      assert.deepStrictEqual(result.map((row) => [row.summary.pci, row.summary.state, row.summary.spentThisPeriod]), [
        [pciOf(1), "active", 6_000_000n],
        [pciOf(2), "notStarted", 0n]
      ])
      assert.deepStrictEqual(result[0]!.token, { symbol: "USDC", decimals: 6 })
      assert.deepStrictEqual(chain.read, ["eip155:31337", "eip155:31337"])
    })
  })

  it.effect("leaves out what no longer holds or the chain does not know, whatever the wallet still lists", () => {
    const chain = world(new Map([[1, sessionOf(1, { revoked: true })]]))
    return Effect.map(run(chain)(list), ({ result }) => assert.deepStrictEqual(result, []))
  })

  it.effect("an answer that is not ERC-7715's list is refused, and the server is not asked", () => {
    const read: Array<string> = []
    const broken = {
      wallet: () => Effect.succeed([{ chainId: "0x7a69", context: "0x1234" }]),
      backend: { smartSession: (pci: string) => Effect.sync(() => void read.push(pci)) }
    }
    return Effect.gen(function*() {
      const error = yield* Effect.flip(run(broken)(list))
      assert.strictEqual(error._tag, "PermissionListInvalidError")
      assert.deepStrictEqual(read, [])
    })
  })

  it.effect("a token that names itself with control characters is not put in words", () => {
    const chain = world(new Map([[1, sessionOf(1)]]))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(run({ ...chain, symbol: "USDC\u202E" })(list))
      assert.strictEqual(error._tag, "PermissionTokenUnreadableError")
    })
  })
})

/** Revoking with a server that answers `status` (none: unreachable). */
const refusing = (status: number | undefined) => {
  const chain = world(new Map([[1, sessionOf(1)]]))
  const failure = new BackendRequestError({ reason: "revoke", message: "no", ...(status === undefined ? {} : { status }) })
  return run({ ...chain, backend: { ...chain.backend, revokeSmartSession: () => Effect.fail(failure) } })(revokeFirst)
}

describe("Permissions.revoke", () => {
  it.effect("signs RevokePermission for the session's account at the Clock's time, hands it to the server, and lists again", () => {
    const chain = world(new Map([[1, sessionOf(1)]]))
    return Effect.gen(function*() {
      const { result } = yield* run(chain)(revokeFirst)
      assert.deepStrictEqual(result, [])
      const [request] = chain.signed as ReadonlyArray<{ readonly method: string; readonly params: readonly [string, string] }>
      assert.strictEqual(request?.method, "eth_signTypedData_v4")
      assert.strictEqual(request?.params[0], evmAddress)
      const typed = JSON.parse(request!.params[1]) as {
        readonly primaryType: string
        readonly types: { readonly EIP712Domain: ReadonlyArray<{ readonly name: string }> }
        readonly domain: { readonly chainId: number; readonly verifyingContract: string }
        readonly message: Record<string, string>
      }
      assert.strictEqual(typed.primaryType, "RevokePermission")
      // eth_signTypedData_v4 hashes the domain by the EIP712Domain type the request lists (eth-sig-util does): it must be there.
      assert.deepStrictEqual(typed.types.EIP712Domain.map((field) => field.name), ["name", "version", "chainId", "verifyingContract"])
      assert.strictEqual(typed.domain.chainId, 31337)
      assert.strictEqual(typed.domain.verifyingContract, spendPermissionsAddress)
      assert.deepStrictEqual(typed.message, { account: getAddress(evmAddress), id: idOf(1), deadline: String(now + revocationWindowSeconds) })
      assert.deepStrictEqual(chain.revocations, [{ pci: pciOf(1), signature, deadline: now + revocationWindowSeconds }])
    })
  })

  it.effect("the visitor's no (4001) is the wallet's typed refusal, and the server sends nothing", () => {
    const chain = world(new Map([[1, sessionOf(1)]]), { sign: Effect.fail(rejected) })
    return Effect.gen(function*() {
      const error = yield* Effect.flip(run(chain)(revokeFirst))
      assert.strictEqual(error._tag, "UserRejectedRequestError")
      assert.deepStrictEqual(chain.revocations, [])
    })
  })

  it.effect("a wallet answer that is no signature is refused before the server is asked", () => {
    const chain = world(new Map([[1, sessionOf(1)]]), { sign: Effect.succeed("0x1234") })
    return Effect.gen(function*() {
      const error = yield* Effect.flip(run(chain)(revokeFirst))
      assert.strictEqual(error._tag, "ConnectorError")
      assert.deepStrictEqual(chain.revocations, [])
    })
  })

  it.effect("the server's refusal (4xx) is PermissionRevokeRefusedError; an unreachable server stays BackendRequestError", () => {
    return Effect.gen(function*() {
      const refused = yield* Effect.flip(refusing(400))
      assert.strictEqual(refused._tag, "PermissionRevokeRefusedError")
      assert.strictEqual(refused._tag === "PermissionRevokeRefusedError" ? refused.status : 0, 400)
      assert.strictEqual((yield* Effect.flip(refusing(503)))._tag, "BackendRequestError")
      assert.strictEqual((yield* Effect.flip(refusing(undefined)))._tag, "BackendRequestError")
    })
  })

  it.effect("a permission revoked meanwhile is not signed for again", () => {
    const sessions = new Map([[1, sessionOf(1)]])
    const chain = world(sessions)
    const meanwhile = Effect.flatMap(Permissions, (permissions) =>
      Effect.flatMap(permissions.list, (rows) => {
        sessions.set(1, sessionOf(1, { revoked: true }))
        return permissions.revoke(rows[0]!.summary)
      }))
    return Effect.gen(function*() {
      const error = yield* Effect.flip(run(chain)(meanwhile))
      assert.strictEqual(error._tag, "PermissionNotRevocableError")
      assert.deepStrictEqual(chain.signed, [])
    })
  })
})
