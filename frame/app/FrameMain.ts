/**
 * The frame page's entry (`/embedded/frame?projectId&chainId&version&enableLogger`, loaded hidden by the
 * modal): it finds the page that framed it, asks this server for the project's allowed origins, and only
 * when the parent is one of them listens to it and says FRAME_READY. A parent not allowed (or not told,
 * or a query that is not the frame's) gets nothing at all.
 *
 * With `&window=popup&host=<origin>` the same app is the wallet's own window (WalletWindow.ts), opened
 * by the modal where the browser refuses the hidden frame its storage: its host is the page that opened
 * it (`window.opener`), checked the same way, and it draws the panels itself.
 *
 * Each accepted request runs on its own fiber, so a long wait (the device link, a social login, an
 * approval) never holds the others; its outcome is answered with its id.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as References from "effect/References"
import * as Schema from "effect/Schema"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { FrameQuery } from "../../core/embedded/FrameProtocol.ts"
import { Custody } from "../custody/Custody.ts"
import { DeviceVault } from "../custody/DeviceVault.ts"
import { Approvals } from "./Approvals.ts"
import { ChainClient } from "./ChainClient.ts"
import { payloadOf } from "./ErrorPayloads.ts"
import { EvmRequests } from "./EvmRequests.ts"
import { FrameSettings } from "./FrameSettings.ts"
import * as HostChannel from "./HostChannel.ts"
import { Login } from "./Login.ts"
import { drawnByModal, Panels } from "./Panels.ts"
import * as ParentOrigin from "./ParentOrigin.ts"
import { Requests } from "./Requests.ts"
import { RpcRequests } from "./RpcRequests.ts"
import { ServerApi } from "./ServerApi.ts"
import { Session } from "./Session.ts"
import { SmartAccounts } from "./SmartAccounts.ts"
import { SocialCompletions } from "./SocialCompletions.ts"
import { SolanaRequests } from "./SolanaRequests.ts"
import { FarcasterLogin } from "./FarcasterLogin.ts"
import { Wallet } from "./Wallet.ts"
import * as WalletWindow from "./WalletWindow.ts"

const services = (query: FrameQuery, channel: HostChannel.HostChannel) => {
  const base = Layer.mergeAll(
    DeviceVault.layer,
    FrameSettings.layer(query),
    HostChannel.HostEvents.layer(channel),
    ChainClient.layer({ origin: location.origin, projectId: query.projectId })
  )
  // In the modal the host's page frames the panels; in the wallet's window this page does.
  const panels = query.window === "popup"
    ? { site: channel.origin, panelParent: location.origin, display: WalletWindow.display({ site: channel.origin, projectId: query.projectId }) }
    : { site: channel.origin, panelParent: channel.origin, display: drawnByModal }
  return Requests.layer.pipe(
    Layer.provideMerge(RpcRequests.layer),
    Layer.provideMerge(Layer.mergeAll(EvmRequests.layer, SolanaRequests.layer)),
    Layer.provideMerge(SmartAccounts.layer),
    Layer.provideMerge(Layer.mergeAll(Wallet.layer, Login.layer, FarcasterLogin.layer)),
    Layer.provideMerge(SocialCompletions.layer),
    Layer.provideMerge(Session.layer(Effect.sync(() => channel.emit({ type: "SESSION_EXPIRED" })))),
    Layer.provideMerge(Approvals.layer),
    Layer.provideMerge(Panels.layer(panels)),
    Layer.provideMerge(Custody.layer),
    Layer.provideMerge(base)
  )
}

const main = Effect.gen(function*() {
  const query = Schema.decodeUnknownOption(FrameQuery)(Object.fromEntries(new URLSearchParams(location.search)))
  if (Option.isNone(query)) return
  const host = ParentOrigin.host(query.value.window ?? "frame", query.value.host)
  if (Option.isNone(host)) return
  const logLevel = query.value.enableLogger === "true" ? "Info" : "None"
  yield* Effect.gen(function*() {
    const api = yield* ServerApi
    const { allowedOrigins } = yield* api.wallets.origins({ query: {} })
    // The page that opened the wallet's window is held to the same list as a page framing it.
    if (!ParentOrigin.isAllowedBy(allowedOrigins, host.value.origin)) {
      return yield* Effect.logWarning("The page framing or opening the embedded wallet is not among the project's allowed origins")
    }
    const channel = HostChannel.make({ self: window, parent: host.value.window, origin: host.value.origin })
    const context = yield* Layer.build(services(query.value, channel)).pipe(
      // Without its vault the frame cannot keep a wallet: the modal is told why rather than left waiting.
      Effect.tapError((error) => Effect.sync(() => {
        if (error._tag === "DeviceVaultError") channel.emit({ type: "FRAME_UNAVAILABLE", reason: "storage" })
      }))
    )
    const requests = Context.get(context, Requests)
    channel.listen((request) => {
      Effect.runFork(
        requests.handle(request).pipe(
          Effect.exit,
          Effect.map((exit) =>
            channel.respond(
              request,
              Exit.isSuccess(exit) ? { _tag: "Success", value: exit.value as never } : { _tag: "Failure", error: payloadOf(exit.cause) }
            )
          ),
          Effect.provideService(References.MinimumLogLevel, logLevel)
        )
      )
    })
    channel.emit({ type: "FRAME_READY" })
    // The services (the vault's database among them) live as long as the page.
    return yield* Effect.never
  }).pipe(
    Effect.scoped,
    Effect.provide(ServerApi.layer({ origin: location.origin, projectId: query.value.projectId, version: query.value.version })),
    Effect.provide(FetchHttpClient.layer),
    Effect.provideService(References.MinimumLogLevel, logLevel)
  )
})

Effect.runFork(main.pipe(Effect.catchCause((cause) => Effect.logError("The embedded wallet frame stopped", cause))))
