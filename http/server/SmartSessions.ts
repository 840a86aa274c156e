/**
 * Smart sessions, a server capability of its own: the chain owns every fact, the server keeps no copy.
 * A session is an ERC-7715 `erc20-token-periodic` permission in Portico's SpendPermissions contract,
 * named by its `context` (the pci: the account and the permission's id); `get` reads it from the chain
 * through the host's RPC. `revoke` refuses a past deadline by the server's clock, then proves the account's
 * EIP-712 revocation by the contract's own rules (ECDSA or ERC-1271, deadline, not yet revoked) in an
 * eth_call from the relayer, and only then sends it with the host's relayer key (`sessions.relayerKey`):
 * a visitor's revocation costs them no gas, and a refused one costs the relayer nothing. The server
 * keeps its own copy of no rule: the contract that will enforce the revocation is the one that judges it.
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Semaphore from "effect/Semaphore"
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  http,
  isHex,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import * as Caip from "../../core/Caip.ts"
import { erc20TokenPeriodic, expiryRule } from "../../core/permissions/ExecutionPermissions.ts"
import { SmartSession, type RevokeSessionRequest } from "../../core/permissions/SmartSession.ts"
import { parsePermissionContext, spendPermissionsAbi, spendPermissionsAddress } from "../../core/permissions/SpendPermissions.ts"
import { BadRequest, NotFound, NotImplemented, UpstreamUnavailable } from "../api/ApiError.ts"
import { contractRead } from "./ChainCalls.ts"
import type { EvmChainOptions, SessionsOptions } from "./ServerOptions.ts"

export class SmartSessions extends Context.Service<SmartSessions, {
  /** The session `pci` names, on `chainId` (CAIP-2) or the first configured chain that holds it. */
  readonly get: (pci: string, chainId: string | undefined) => Effect.Effect<SmartSession, BadRequest | NotFound | UpstreamUnavailable>
  /** Revokes it on the account's signature; the relayer's transaction hash once mined. */
  readonly revoke: (revocation: RevokeSessionRequest, chainId: string | undefined) => Effect.Effect<Hex, BadRequest | NotFound | NotImplemented | UpstreamUnavailable>
}>()("portico/http/server/SmartSessions") {}

/** How long the server waits for the relayer's transaction to be mined before it answers 502. */
const receiptTimeoutMillis = 120_000

interface Chain {
  readonly chainId: number
  readonly client: PublicClient
  readonly rpcUrl: string
}

/** The contract's struct, as viem reads it. */
interface Permission {
  readonly spender: Address
  readonly token: Address
  readonly periodAmount: bigint
  readonly periodDuration: bigint
  readonly start: bigint
  readonly end: bigint
  readonly revoked: boolean
}

interface Located {
  readonly chain: Chain
  readonly account: Address
  readonly id: Hex
  readonly permission: Permission
}

const zeroAddress = "0x0000000000000000000000000000000000000000"

const malformed = () => new BadRequest({ message: "pci: not a permission context (the account and the permission's id, ABI-encoded)" })

const sessionOf = ({ chain, account, permission }: Located, pci: string, remaining: bigint) =>
  new SmartSession({
    pci: pci.toLowerCase(),
    address: account,
    chainId: `eip155:${chain.chainId}`,
    spender: permission.spender,
    expiry: Number(permission.end),
    revoked: permission.revoked,
    remaining: numberToHex(remaining),
    permissions: [{
      type: erc20TokenPeriodic,
      data: {
        tokenAddress: permission.token,
        periodAmount: numberToHex(permission.periodAmount),
        periodDuration: Number(permission.periodDuration),
        startTime: Number(permission.start)
      }
    }],
    policies: [{ type: expiryRule, data: { timestamp: Number(permission.end) } }]
  })

/** The contract's error name when a call reverts; undefined for anything else (an RPC failure). */
const revertName = (error: unknown): string | undefined => {
  const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName ?? "reverted" : undefined
}

/** What the visitor is told when the contract would refuse the revocation. */
const refusals: Readonly<Record<string, string>> = {
  SignatureExpired: "The revocation's deadline has passed: sign it again",
  InvalidSignature: "The signature is not the account's revocation of this permission",
  PermissionIsRevoked: "The permission is already revoked",
  UnknownPermission: "No such permission on this chain"
}

/** The contract's verdict on the revocation, by an eth_call from the relayer: nothing is sent. */
const simulate = (located: Located, from: Address, deadline: bigint, signature: Hex) =>
  Effect.tryPromise({
    try: () => located.chain.client.simulateContract({
      account: from,
      address: spendPermissionsAddress,
      abi: spendPermissionsAbi,
      functionName: "revokeWithSignature",
      args: [located.account, located.id, deadline, signature]
    }),
    catch: (error) => {
      const name = revertName(error)
      return name === undefined
        ? new UpstreamUnavailable({ message: `Could not reach eip155:${located.chain.chainId}` })
        : new BadRequest({ message: refusals[name] ?? `The contract refuses the revocation (${name})` })
    }
  })

export const make = (evm: ReadonlyArray<EvmChainOptions>, options: SessionsOptions | undefined): Effect.Effect<SmartSessions["Service"]> =>
  Effect.gen(function*() {
    const chains: ReadonlyArray<Chain> = evm.map((chain) => ({
      chainId: chain.chainId,
      rpcUrl: chain.rpcUrl,
      // Receipts are polled each second: a devnet mines at once, a real chain within a few blocks.
      client: createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1, timeout: 10_000 }), pollingInterval: 1_000 })
    }))
    // One revocation at a time: the relayer's nonces stay in order without a nonce cache.
    const sending = yield* Semaphore.make(1)
    const relayer = options === undefined ? undefined : privateKeyToAccount(options.relayerKey as Hex)

    const chainsFor = (chainId: string | undefined): Effect.Effect<ReadonlyArray<Chain>, BadRequest> => {
      if (chainId === undefined) return Effect.succeed(chains)
      const parsed = Caip.parseNetworkId(chainId).pipe(Effect.option)
      return Effect.flatMap(parsed, (network) => {
        const chain = Option.isSome(network) && network.value.namespace === "eip155"
          ? chains.find((candidate) => String(candidate.chainId) === network.value.reference)
          : undefined
        return chain === undefined ? Effect.fail(new BadRequest({ message: `chainId: ${chainId} is not a configured EVM chain` })) : Effect.succeed([chain])
      })
    }

    const read = <A>(chain: Chain, functionName: "permissionOf" | "remaining", account: Address, id: Hex) =>
      contractRead(`the permission on eip155:${chain.chainId}`, () =>
        chain.client.readContract({ address: spendPermissionsAddress, abi: spendPermissionsAbi, functionName, args: [account, id] }) as Promise<A>)

    /** The first chain that holds the permission; a chain without the contract holds none. */
    const locate = (pci: string, chainId: string | undefined): Effect.Effect<Located, BadRequest | NotFound | UpstreamUnavailable> =>
      Effect.gen(function*() {
        const context = parsePermissionContext(pci)
        if (context === undefined) return yield* malformed()
        const candidates = yield* chainsFor(chainId)
        const found = yield* Effect.forEach(candidates, (chain) => read<Permission>(chain, "permissionOf", context.account, context.id), { concurrency: "unbounded" })
        for (const [index, permission] of found.entries()) {
          if (Option.isSome(permission) && permission.value.spender !== zeroAddress) {
            return { chain: candidates[index]!, ...context, permission: permission.value }
          }
        }
        return yield* new NotFound({ message: "No such permission" })
      })

    const get = (pci: string, chainId: string | undefined) =>
      Effect.gen(function*() {
        const located = yield* locate(pci, chainId)
        const remaining = yield* read<bigint>(located.chain, "remaining", located.account, located.id)
        return sessionOf(located, pci, Option.getOrElse(remaining, () => 0n))
      })

    const revoke = (revocation: RevokeSessionRequest, chainId: string | undefined) =>
      Effect.gen(function*() {
        if (relayer === undefined) {
          return yield* new NotImplemented({ message: "Revocations are not sent by this server: set sessions.relayerKey (the key of an account funded on each EVM chain)" })
        }
        if (!isHex(revocation.signature) || revocation.signature.length < 4) return yield* new BadRequest({ message: "signature: not a hex signature" })
        const signature = revocation.signature
        const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
        if (revocation.deadline < now) return yield* new BadRequest({ message: refusals["SignatureExpired"]! })
        const located = yield* locate(revocation.pci, chainId)
        const deadline = BigInt(revocation.deadline)
        return yield* sending.withPermits(1)(Effect.gen(function*() {
          const { request } = yield* simulate(located, relayer.address, deadline, signature)
          const wallet = createWalletClient({ account: relayer, transport: http(located.chain.rpcUrl, { retryCount: 0, timeout: 10_000 }) })
          const unsent = () => new UpstreamUnavailable({ message: `The revocation could not be sent on eip155:${located.chain.chainId}` })
          const hash = yield* Effect.tryPromise({ try: () => wallet.writeContract({ ...request, account: relayer, chain: null }), catch: unsent })
          const receipt = yield* Effect.tryPromise({
            try: () => located.chain.client.waitForTransactionReceipt({ hash, timeout: receiptTimeoutMillis }),
            catch: unsent
          })
          if (receipt.status !== "success") return yield* unsent()
          return hash
        }))
      })

    return SmartSessions.of({ get, revoke })
  })
