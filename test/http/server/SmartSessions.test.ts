/**
 * Smart sessions on our server against the devnets and a real database: `GET /v1/sessions/{pci}` reads the
 * permission from the SpendPermissions contract (live, spent, revoked, unknown, malformed, on a named
 * chain), and `POST /v1/sessions/{pci}/revoke` sends the account's signed revocation with the relayer
 * (then the spender is refused on chain) and refuses every forged, foreign, stale or replayed one before
 * anything is sent (the relayer's nonce does not move).
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { erc20Abi, type Address, type Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Backend from "../../../core/Backend.ts"
import * as Storage from "../../../core/Storage.ts"
import { encodePermissionContext, revocationTypedData, spendPermissionsAbi, spendPermissionsAddress } from "../../../core/permissions/SpendPermissions.ts"
import * as BackendClient from "../../../http/client/Backend.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { sessionsRelayerAccount } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { devnetServerOptions, evmChainSpecs } from "../../../sandbox/evm/NetworkShapes.ts"
import { devnetClient, spendPermissionParties } from "../../support/spendPermissionParties.ts"
import { movableClock } from "../support/embedded.ts"

let evm: EvmDevnets
let api: ApiServer
/** The same server a day ahead of the chain, and one without a relayer. */
let ahead: ApiServer
let noRelayer: ApiServer

const query = "projectId=test-project&st=portico&sv=test"
const day = 86_400n
const usdc = (units: number) => BigInt(units) * 1_000_000n
const dead: Address = "0x000000000000000000000000000000000000dEaD"

beforeAll(async () => {
  evm = await startEvmDevnets()
  const readOnly = {
    port: 0,
    projects: { "test-project": { allowedOrigins: ["*"] } },
    evm: evmChainSpecs.map((spec, index) => devnetServerOptions(spec, evm.chains[index]?.rpcUrl ?? ""))
  }
  const options = { ...readOnly, sessions: { relayerKey: sessionsRelayerAccount.privateKey } }
  const time = movableClock()
  time.advance(86_400_000)
  ;[api, ahead, noRelayer] = await Promise.all([
    startApiServer(options),
    startApiServer(options, { clock: time.clock }),
    startApiServer(readOnly)
  ])
}, 240_000)

afterAll(async () => {
  await Promise.all([api?.stop(), ahead?.stop(), noRelayer?.stop()])
  await evm?.stop()
})

const clientOf = (index: number) => devnetClient(evm.chains[index]?.rpcUrl ?? "")

interface Granted {
  readonly client: ReturnType<typeof clientOf>
  readonly chainId: number
  readonly account: PrivateKeyAccount
  readonly spender: PrivateKeyAccount
  readonly token: Address
  readonly id: Hex
  readonly pci: Hex
  readonly start: bigint
}

/** A fresh account granting a fresh spender 10 USDC a day for a week on devnet `index`. */
const grant = async (index = 0): Promise<Granted> => {
  const chainId = evm.chains[index]!.chainId
  const { client, token, account, spender } = await spendPermissionParties(evm.chains[index]!.rpcUrl, evm.deployment, chainId, usdc(100))
  await client.writeContract({ account, address: token, abi: erc20Abi, functionName: "approve", args: [spendPermissionsAddress, usdc(100)], chain: null })
  const id = generatePrivateKey()
  const start = (await client.getBlock()).timestamp
  await client.writeContract({
    account,
    address: spendPermissionsAddress,
    abi: spendPermissionsAbi,
    functionName: "register",
    args: [id, spender.address, token, usdc(10), day, start, start + 7n * day],
    chain: null
  })
  return { client, chainId, account, spender, token, id, pci: encodePermissionContext(account.address, id), start }
}

const get = async (pci: string, extra = "") => {
  const response = await fetch(`${api.url}/v1/sessions/${pci}?${query}${extra}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const revoke = async (path: string, body: unknown, server = api) => {
  const response = await fetch(`${server.url}/v1/sessions/${path}/revoke?${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** A deadline ten minutes ahead of both the chain and this machine. */
const deadlineOf = async ({ client }: Granted) => {
  const chainNow = (await client.getBlock()).timestamp
  return Number(chainNow > BigInt(Math.floor(Date.now() / 1000)) ? chainNow : BigInt(Math.floor(Date.now() / 1000))) + 600
}

const signed = async (granted: Granted, deadline: number, signer = granted.account, id = granted.id, chainId = granted.chainId) =>
  signer.signTypedData(revocationTypedData(chainId, granted.account.address, id, BigInt(deadline)))

const spend = async ({ client, account, spender, id }: Granted, amount: bigint) =>
  client.simulateContract({ account: spender, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "spend", args: [account.address, id, dead, amount] })

const relayerNonces = () => Promise.all([0, 1].map((index) => clientOf(index).getTransactionCount({ address: sessionsRelayerAccount.address })))

describe("GET /v1/sessions/{pci}", () => {
  it("answers the permission as the chain holds it, with what is left of the period", async () => {
    const granted = await grant()
    const { request } = await spend(granted, usdc(4))
    await granted.client.writeContract({ ...request, chain: null })
    const { status, body } = await get(granted.pci)
    expect(status).toBe(200)
    expect(body).toEqual({
      pci: granted.pci,
      address: granted.account.address,
      chainId: "eip155:31337",
      spender: granted.spender.address,
      expiry: Number(granted.start + 7n * day),
      revoked: false,
      remaining: `0x${usdc(6).toString(16)}`,
      permissions: [{
        type: "erc20-token-periodic",
        data: { tokenAddress: granted.token, periodAmount: `0x${usdc(10).toString(16)}`, periodDuration: Number(day), startTime: Number(granted.start) }
      }],
      policies: [{ type: "expiry", data: { timestamp: Number(granted.start + 7n * day) } }]
    })
  })

  it("finds a permission on the second chain, and only there when a chain is named", async () => {
    const granted = await grant(1)
    expect(await get(granted.pci)).toMatchObject({ status: 200, body: { chainId: "eip155:31338" } })
    expect(await get(granted.pci, "&chainId=eip155:31338")).toMatchObject({ status: 200, body: { chainId: "eip155:31338" } })
    expect(await get(granted.pci, "&chainId=eip155:31337")).toMatchObject({ status: 404 })
    expect(await get(granted.pci, "&chainId=eip155:1")).toMatchObject({ status: 400, body: { message: "chainId: eip155:1 is not a configured EVM chain" } })
  })

  it("says revoked once the account revokes, and 404 for a permission nobody granted", async () => {
    const granted = await grant()
    await granted.client.writeContract({ account: granted.account, address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName: "revoke", args: [granted.id], chain: null })
    expect(await get(granted.pci)).toMatchObject({ status: 200, body: { revoked: true, remaining: "0x0" } })
    expect(await get(encodePermissionContext(granted.account.address, generatePrivateKey()))).toMatchObject({ status: 404, body: { _tag: "NotFound" } })
  })

  it("answers 400 for anything that is not a context written as the wallet writes it", async () => {
    const granted = await grant()
    const dirtyPadding = `0x${"ff".repeat(12)}${granted.pci.slice(26)}`
    for (const pci of ["s1", "0x1234", `${granted.pci}00`, granted.pci.replace("0x", "0X"), dirtyPadding, `${granted.pci.slice(0, -1)}g`]) {
      expect(await get(pci)).toMatchObject({ status: 400, body: { _tag: "BadRequest", message: expect.stringMatching(/^pci: /) } })
    }
  })
})

describe("POST /v1/sessions/{pci}/revoke", () => {
  it("sends the account's signed revocation, after which the spender is refused on chain", async () => {
    const granted = await grant()
    const deadline = await deadlineOf(granted)
    const { status, body } = await revoke(granted.pci, { pci: granted.pci, signature: await signed(granted, deadline), deadline })
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    const transaction = await granted.client.getTransaction({ hash: body["transactionHash"] as Hex })
    expect(transaction.from.toLowerCase()).toBe(sessionsRelayerAccount.address.toLowerCase())
    await expect(spend(granted, 1n)).rejects.toThrow(/PermissionIsRevoked/)
    expect(await get(granted.pci)).toMatchObject({ status: 200, body: { revoked: true } })
  })

  it("revokes a permission on the second chain with that chain's signature", async () => {
    const granted = await grant(1)
    const deadline = await deadlineOf(granted)
    expect(await revoke(granted.pci, { pci: granted.pci, signature: await signed(granted, deadline), deadline })).toMatchObject({ status: 200 })
    await expect(spend(granted, 1n)).rejects.toThrow(/PermissionIsRevoked/)
  })

  it("refuses every forged, foreign, stale or replayed revocation with 400 and sends nothing", async () => {
    const granted = await grant()
    const deadline = await deadlineOf(granted)
    const other = await grant()
    const good = await signed(granted, deadline)
    const past = Math.floor(Date.now() / 1000) - 60
    const before = await relayerNonces()
    const attempts: ReadonlyArray<readonly [string, string, unknown, RegExp]> = [
      ["another key signed it", granted.pci, { pci: granted.pci, signature: await signed(granted, deadline, privateKeyToAccount(generatePrivateKey())), deadline }, /not the account's/],
      ["the spender signed it", granted.pci, { pci: granted.pci, signature: await signed(granted, deadline, granted.spender), deadline }, /not the account's/],
      ["signed for another permission", granted.pci, { pci: granted.pci, signature: await signed(granted, deadline, granted.account, other.id), deadline }, /not the account's/],
      ["signed for another chain", granted.pci, { pci: granted.pci, signature: await signed(granted, deadline, granted.account, granted.id, 31338), deadline }, /not the account's/],
      ["a later deadline than signed", granted.pci, { pci: granted.pci, signature: good, deadline: deadline + 1 }, /not the account's/],
      ["the deadline has passed", granted.pci, { pci: granted.pci, signature: await signed(granted, past), deadline: past }, /deadline has passed/],
      ["the body names another permission", granted.pci, { pci: other.pci, signature: good, deadline }, /not the path's/],
      ["the signature moved to another pci", other.pci, { pci: other.pci, signature: good, deadline }, /not the account's/],
      ["not a signature", granted.pci, { pci: granted.pci, signature: "hello", deadline }, /^signature: /],
      ["a truncated signature", granted.pci, { pci: granted.pci, signature: good.slice(0, 100), deadline }, /not the account's/],
      ["a malformed pci", "0x1234", { pci: "0x1234", signature: good, deadline }, /^pci: /]
    ]
    for (const [why, path, body, message] of attempts) {
      const answer = await revoke(path, body)
      expect({ why, status: answer.status, message: answer.body["message"] }).toEqual({ why, status: 400, message: expect.stringMatching(message) })
    }
    // A deadline the chain would still take, past by the server's clock; a server with no relayer.
    expect(await revoke(granted.pci, { pci: granted.pci, signature: good, deadline }, ahead)).toMatchObject({ status: 400, body: { message: expect.stringMatching(/deadline has passed/) } })
    expect(await revoke(granted.pci, { pci: granted.pci, signature: good, deadline }, noRelayer)).toMatchObject({ status: 501, body: { message: expect.stringMatching(/sessions\.relayerKey/) } })
    expect(await relayerNonces()).toEqual(before)
    expect(await get(granted.pci)).toMatchObject({ body: { revoked: false } })

    expect(await revoke(granted.pci, { pci: granted.pci, signature: good, deadline })).toMatchObject({ status: 200 })
    const after = await relayerNonces()
    expect(await revoke(granted.pci, { pci: granted.pci, signature: good, deadline })).toMatchObject({ status: 400, body: { message: "The permission is already revoked" } })
    const unknown = encodePermissionContext(granted.account.address, generatePrivateKey())
    expect(await revoke(unknown, { pci: unknown, signature: good, deadline })).toMatchObject({ status: 404 })
    expect(await relayerNonces()).toEqual(after)
  })
})

/** Runs `use` on the modal's Backend client over the API server. */
const withBackend = <A, E>(use: (backend: Backend.Backend["Service"]) => Effect.Effect<A, E>) =>
  Effect.runPromise(Effect.flatMap(Backend.Backend, use).pipe(
    Effect.provide(BackendClient.layer({ apiUrl: api.url, projectId: "test-project", sdkVersion: "test", retry: false })),
    Effect.provide([FetchHttpClient.layer, Storage.layerMemory])
  ))

describe("the modal's Backend", () => {
  it("reads a session (none for an unknown one), revokes it, and passes a refusal on typed", async () => {
    const granted = await grant()
    const network = `eip155:${granted.chainId}`
    expect(await withBackend((backend) => backend.smartSession(granted.pci, network))).toMatchObject({ pci: granted.pci, revoked: false, spender: granted.spender.address })
    expect(await withBackend((backend) => backend.smartSession(encodePermissionContext(granted.account.address, generatePrivateKey()), network))).toBeUndefined()
    const deadline = await deadlineOf(granted)
    const forged = await signed(granted, deadline, granted.spender)
    expect(await withBackend((backend) => Effect.flip(backend.revokeSmartSession({ pci: granted.pci, signature: forged, deadline }, network))))
      .toMatchObject({ _tag: "BackendRequestError", status: 400 })
    const signature = await signed(granted, deadline)
    const hash = await withBackend((backend) => backend.revokeSmartSession({ pci: granted.pci, signature, deadline }, network))
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await withBackend((backend) => backend.smartSession(granted.pci, network))).toMatchObject({ revoked: true, remaining: "0x0" })
  })
})
