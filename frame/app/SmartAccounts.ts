/**
 * Where the EVM account is a smart account (issue 27): on a network whose chain RPC endpoint has an
 * ERC-4337 bundler serving EntryPoint v0.8, unless the visitor chose to stay a plain account
 * (FrameSettings' `accountType`), and never when the account is already delegated to a contract other than
 * Simple7702Account. What a network offers is asked once per network and remembered for the frame's life
 * (`eth_supportedEntryPoints`; a `pm_getPaymasterStubData` probe for the host's sponsorship service);
 * the account's delegation is read from its code each time, as an upgrade changes it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type { Address } from "viem"
import type { FrameUser } from "../../core/embedded/FrameProtocol.ts"
import * as RpcCode from "../../core/RpcCode.ts"
import * as SmartAccount7702 from "../../core/SmartAccount7702.ts"
import { ChainClient, type NodeError } from "./ChainClient.ts"
import { read } from "./EvmTransactions.ts"
import { FrameSettings } from "./FrameSettings.ts"

const EntryPoints = Schema.Array(Schema.String)
const Code = Schema.String.check(Schema.isPattern(/^0x(?:[0-9a-fA-F]{2})*$/))

/** What a network's chain RPC endpoint offers smart accounts. */
export interface Support {
  readonly bundler: boolean
  readonly sponsorship: boolean
}

/** The account on one network, as the wallet will use it. */
export interface Standing {
  readonly support: Support
  readonly delegation: SmartAccount7702.Delegation
  /** A smart account here: the network has a bundler, the visitor did not choose plain, nothing else holds the account. */
  readonly smart: boolean
}

/** Our endpoint's answer for a network without that service (http/server/ChainRpc.ts): a definite no. */
const notConfigured = (error: NodeError) => error.code === RpcCode.table.MethodNotSupported.code

const make = Effect.gen(function*() {
  const chain = yield* ChainClient
  const settings = yield* FrameSettings
  const known = new Map<string, Support>()

  const bundler = (chainId: string) =>
    read(chain, chainId, EntryPoints, "eth_supportedEntryPoints", []).pipe(
      Effect.map((entryPoints) => entryPoints.some((address) => address.toLowerCase() === SmartAccount7702.entryPointAddress.toLowerCase())),
      Effect.catchIf((error) => error._tag === "NodeError" && notConfigured(error), () => Effect.succeed(false))
    )

  // A probe the service refuses as malformed still proves it is there; only our endpoint's "not configured" says no.
  const sponsorship = (chainId: string) =>
    chain.call(chainId, "pm_getPaymasterStubData", []).pipe(
      Effect.as(true),
      Effect.catchTag("NodeError", (error) => Effect.succeed(!notConfigured(error)))
    )

  /** What `chainId` offers; a network that could not be asked offers nothing this time and is asked again next time. */
  const support = (chainId: string): Effect.Effect<Support> => {
    const remembered = known.get(chainId)
    if (remembered !== undefined) return Effect.succeed(remembered)
    return bundler(chainId).pipe(
      Effect.flatMap((hasBundler) => (hasBundler ? Effect.map(sponsorship(chainId), (hasSponsor) => ({ bundler: true, sponsorship: hasSponsor })) : Effect.succeed({ bundler: false, sponsorship: false }))),
      Effect.tap((found) => Effect.sync(() => void known.set(chainId, found))),
      Effect.orElseSucceed(() => ({ bundler: false, sponsorship: false }))
    )
  }

  const delegation = (chainId: string, address: Address) =>
    Effect.map(read(chain, chainId, Code, "eth_getCode", [address, "latest"]), SmartAccount7702.delegationOf)

  const standing = (chainId: string, address: Address) =>
    Effect.gen(function*() {
      const offered = yield* support(chainId)
      const preferred = yield* settings.accountType
      if (!offered.bundler || preferred === "eoa") return { support: offered, delegation: { kind: "none" }, smart: false } satisfies Standing
      const held = yield* delegation(chainId, address)
      return { support: offered, delegation: held, smart: held.kind !== "elsewhere" } satisfies Standing
    })

  /**
   * The user as the modal shows it: the EVM account a smart account where it is one on the wallet's
   * network now, the type in force, and whether the account is upgraded there. An account whose code
   * cannot be read is shown plain, as the wallet would not use it as a smart account without it.
   */
  const describe = (user: FrameUser) =>
    Effect.gen(function*() {
      const chainId = yield* settings.chainId
      const preferredAccountType = yield* settings.accountType
      const evm = user.accounts.find((account) => account.namespace === "eip155")
      const found = evm === undefined || !chainId.startsWith("eip155:")
        ? undefined
        : yield* Effect.option(standing(chainId, evm.address as Address))
      const held = found?._tag === "Some" ? found.value : undefined
      return {
        ...user,
        accounts: user.accounts.map((account) => account === evm && held?.smart === true ? { ...account, type: "smartAccount" as const } : account),
        preferredAccountType,
        smartAccountDeployed: held?.delegation.kind === "simple7702"
      } satisfies FrameUser
    })

  return { support, standing, describe }
})

export class SmartAccounts extends Context.Service<SmartAccounts, Effect.Success<typeof make>>()("portico/frame/app/SmartAccounts") {
  static readonly layer = Layer.effect(SmartAccounts, make)
}
