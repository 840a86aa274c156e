/**
 * What the modal told the frame about the page and itself: the query it loaded the frame with, the
 * dapp's data (locale, networks), the theme, and the network the wallet is on. The panels look and speak
 * after it.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import type { DappData, FrameQuery, Payload } from "../../core/embedded/FrameProtocol.ts"
import type { EmbeddedAccountType } from "../../core/EmbeddedUser.ts"
import { fixed } from "../../core/FixedMessage.ts"
import * as AccountTypeChoice from "./AccountTypeChoice.ts"
import type { PanelSettings } from "./PanelChannel.ts"

type Theme = Payload<"SYNC_THEME">

interface State {
  readonly dapp: DappData | undefined
  readonly theme: Theme
  /** The network `GET_CHAIN_ID` answers: the query's, then the last one switched to. */
  readonly chainId: DappData["networks"][number]
  /** What the host asked for (`SET_PREFERRED_ACCOUNT`): a smart account where the network has a bundler, by default. */
  readonly hostPreference: EmbeddedAccountType
  /** What the visitor chose in the frame's own panel, kept on this browser; it outranks the host's preference. */
  readonly visitorChoice: Option.Option<EmbeddedAccountType>
}

export class FrameSettings extends Context.Service<FrameSettings, {
  readonly query: FrameQuery
  readonly syncDapp: (dapp: DappData) => Effect.Effect<void>
  /** The dapp's data, once the modal synced it. */
  readonly dapp: Effect.Effect<DappData | undefined>
  readonly syncTheme: (theme: Theme) => Effect.Effect<void>
  readonly chainId: Effect.Effect<State["chainId"]>
  /** Moves the wallet to `chainId`, one of the dapp's networks (the query's network before the dapp synced). */
  readonly switchNetwork: (chainId: State["chainId"]) => Effect.Effect<void, NetworkNotConfiguredError>
  readonly locale: Effect.Effect<DappData["locale"]>
  /** A smart account where the network has a bundler, or a plain account everywhere: the visitor's choice, else the host's. */
  readonly accountType: Effect.Effect<EmbeddedAccountType>
  /** The host's preference; the answer is the account type in force, which stays the visitor's once they chose. */
  readonly setAccountType: (type: EmbeddedAccountType) => Effect.Effect<EmbeddedAccountType>
  /** The visitor's choice, from the frame's account-type panel only: kept on this browser. */
  readonly chooseAccountType: (type: EmbeddedAccountType) => Effect.Effect<void>
  /** The panels' look and language (the site asking is the Panels service's to add). */
  readonly panelSettings: Effect.Effect<Omit<PanelSettings, "site">>
}>()("portico/frame/app/FrameSettings") {
  static readonly layer = (query: FrameQuery) =>
    Layer.effect(
      FrameSettings,
      Effect.gen(function*() {
        const state = yield* Ref.make<State>({ dapp: undefined, theme: { themeMode: "dark" }, chainId: query.chainId, hostPreference: "smartAccount", visitorChoice: AccountTypeChoice.read() })
        const inForce = (current: State) => Option.getOrElse(current.visitorChoice, () => current.hostPreference)
        const read = Ref.get(state)
        return FrameSettings.of({
          query,
          syncDapp: (dapp) => Ref.update(state, (current) => ({ ...current, dapp })),
          dapp: Effect.map(read, (current) => current.dapp),
          syncTheme: (theme) => Ref.update(state, (current) => ({ ...current, theme })),
          chainId: Effect.map(read, (current) => current.chainId),
          switchNetwork: (chainId) =>
            Effect.flatMap(read, (current) => {
              const known = current.dapp?.networks ?? [query.chainId]
              return known.includes(chainId)
                ? Ref.update(state, (latest) => ({ ...latest, chainId }))
                : Effect.fail(new NetworkNotConfiguredError({ chainId }))
            }),
          locale: Effect.map(read, (current) => current.dapp?.locale ?? "en"),
          accountType: Effect.map(read, inForce),
          setAccountType: (hostPreference) => Effect.map(Ref.updateAndGet(state, (current) => ({ ...current, hostPreference })), inForce),
          chooseAccountType: (type) =>
            Effect.andThen(Effect.sync(() => AccountTypeChoice.keep(type)), Ref.update(state, (current) => ({ ...current, visitorChoice: Option.some(type) }))),
          panelSettings: Effect.map(read, (current) => ({
            locale: current.dapp?.locale ?? "en",
            themeMode: current.theme.themeMode,
            ...(current.theme.accent === undefined ? {} : { accent: current.theme.accent }),
            version: query.version
          }))
        })
      })
    )
}

/** The modal asked for a network the dapp did not configure (spec §8 'Network not found'). */
export class NetworkNotConfiguredError extends Schema.TaggedError<NetworkNotConfiguredError>()("NetworkNotConfiguredError", {
  message: fixed("Network not found"),
  chainId: Schema.String
}) {}
