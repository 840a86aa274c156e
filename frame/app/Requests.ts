/**
 * Every app event of FrameProtocol.requests, each answered by the service that owns it: the page's data
 * and look (FrameSettings), login (Login, FarcasterLogin), the wallet and its key state (Wallet), JSON-RPC (RpcRequests),
 * the account type (a smart account where the network has a bundler, SmartAccounts; or plain everywhere).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"
import { FarcasterLogin } from "./FarcasterLogin.ts"
import { FrameSettings } from "./FrameSettings.ts"
import type { AcceptedRequest } from "./HostChannel.ts"
import { HostEvents } from "./HostChannel.ts"
import { Login } from "./Login.ts"
import { RpcRequests } from "./RpcRequests.ts"
import { SmartAccounts } from "./SmartAccounts.ts"
import { Wallet } from "./Wallet.ts"

const make = Effect.gen(function*() {
  const settings = yield* FrameSettings
  const login = yield* Login
  const farcaster = yield* FarcasterLogin
  const wallet = yield* Wallet
  const rpc = yield* RpcRequests
  const events = yield* HostEvents
  const smartAccounts = yield* SmartAccounts

  /** The dapp's EVM networks where the account can be a smart account. */
  const smartNetworks = Effect.gen(function*() {
    const dapp = yield* settings.dapp
    const evm = (dapp?.networks ?? [settings.query.chainId]).filter((network) => network.startsWith("eip155:"))
    const offered = yield* Effect.forEach(evm, (network) => Effect.map(smartAccounts.support(network), (support) => (support.bundler ? [network] : [])))
    return offered.flat()
  })

  /** The account-type panel, showing the type in force and whether any network of the app offers a smart account. */
  const openAccountType = Effect.gen(function*() {
    const current = yield* settings.accountType
    const networks = yield* smartNetworks
    return yield* wallet.openPanel({ kind: "accountType", current, smartAvailable: networks.length > 0 })
  })

  /** The request's success payload (encoded and checked against its schema by the host channel). */
  const handle = (request: AcceptedRequest): Effect.Effect<unknown, unknown> => {
    switch (request.type) {
      case "SYNC_DAPP_DATA":
        return Effect.as(settings.syncDapp(request.payload), {})
      case "SYNC_THEME":
        return Effect.as(settings.syncTheme(request.payload), {})
      case "CONNECT_EMAIL":
        return login.connectEmail(request.payload)
      case "CONNECT_DEVICE":
        return login.connectDevice
      case "CONNECT_SOCIAL":
        return login.connectSocial(request.payload)
      case "COMPLETE_SOCIAL":
        return login.completeSocial(request.payload)
      case "CONNECT_FARCASTER":
        return farcaster.connect
      case "COMPLETE_FARCASTER":
        return farcaster.complete
      case "GET_KEY_STATE":
        return wallet.keyState
      case "GET_USER":
        return Effect.flatMap(wallet.user, smartAccounts.describe)
      case "IS_CONNECTED":
        return Effect.map(wallet.isConnected, (isConnected) => ({ isConnected }))
      case "GET_CHAIN_ID":
        return Effect.map(settings.chainId, (chainId) => ({ chainId }))
      case "SWITCH_NETWORK":
        return settings.switchNetwork(request.payload.chainId).pipe(
          Effect.andThen(events.emit({ type: "CHAIN_CHANGED", chainId: request.payload.chainId })),
          Effect.as({ chainId: request.payload.chainId })
        )
      case "GET_SMART_ACCOUNT_ENABLED_NETWORKS":
        return Effect.map(smartNetworks, (networks) => ({ networks }))
      case "SET_PREFERRED_ACCOUNT": {
        const type = request.payload.type
        // A smart account needs a bundler somewhere; without one the modal falls back to the plain account.
        // The answer is the type in force: the visitor's own choice (the account-type panel) outranks the host's.
        return type === "eoa"
          ? Effect.map(settings.setAccountType("eoa"), (inForce) => ({ type: inForce }))
          : Effect.flatMap(smartNetworks, (networks) =>
            networks.length === 0
              ? Effect.fail(new SmartAccountUnavailableError())
              : Effect.map(settings.setAccountType(type), (inForce) => ({ type: inForce })))
      }
      case "RPC_REQUEST":
        return rpc.handle(request.id, request.payload)
      case "UPDATE_EMAIL":
        return login.updateEmail(request.payload)
      case "OPEN_PANEL":
        return Effect.map(request.payload.kind === "export" ? wallet.openPanel({ kind: "export" }) : openAccountType, (panelId) => ({ panelId }))
      case "SIGN_OUT":
        return Effect.as(wallet.signOut, {})
      case "SIGN_OUT_EVERYWHERE":
        return Effect.as(wallet.signOutEverywhere, {})
      case "RELOAD":
        return Effect.as(wallet.reload, {})
    }
  }

  return { handle }
})

export class Requests extends Context.Service<Requests, Effect.Success<typeof make>>()("portico/frame/app/Requests") {
  static readonly layer = Layer.effect(Requests, make)
}

/** No network of the dapp offers a smart account: the modal falls back to the plain one (spec §4 "Account type fallbacks"). */
export class SmartAccountUnavailableError extends Schema.TaggedError<SmartAccountUnavailableError>()("SmartAccountUnavailableError", {
  message: fixed("This wallet has no smart account")
}) {}
