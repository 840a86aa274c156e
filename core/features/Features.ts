/**
 * Every feature of the modal as one layer over the services a host environment provides: storage,
 * the wallet connectors, our server (Backend), analytics and the host's configuration. The
 * composition root (`app/Engine.ts`) gives it the browser's real ones; tests give it memory storage,
 * local connectors, a Backend on a local server and `TestClock`.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Analytics from "../Analytics.ts"
import type * as Backend from "../Backend.ts"
import * as Connection from "../Connection.ts"
import type { Connectors } from "../connectors/Connectors.ts"
import { HostConfig } from "../HostConfig.ts"
import { LegalConsent } from "../LegalConsent.ts"
import * as Modal from "../Modal.ts"
import * as Networks from "../Networks.ts"
import * as Session from "../Session.ts"
import { ChainReads } from "../rpc/ChainReads.ts"
import * as SignInConfig from "../signin/SignInConfig.ts"
import { SignInState } from "../signin/SignInState.ts"
import type * as Storage from "../Storage.ts"
import { AccountData } from "./AccountData.ts"
import { AccountSwitch } from "./AccountSwitch.ts"
import * as AccountFollow from "./AccountFollow.ts"
import { Activity } from "./Activity.ts"
import { ConnectAttempt } from "./ConnectAttempt.ts"
import { Disconnecting } from "./Disconnecting.ts"
import { Names } from "./Names.ts"
import { Navigation } from "./Navigation.ts"
import { Sending } from "./Sending.ts"
import { NetworkSwitch } from "./NetworkSwitch.ts"
import { WalletList } from "./WalletList.ts"
import { WalletRequests } from "./WalletRequests.ts"

/** What the features need from their environment. */
export type Environment = Storage.Storage | Connectors | Backend.Backend | Analytics.Analytics | HostConfig

/** The domain machines the features drive, from the host's networks. */
const machines = (config: HostConfig["Service"]) =>
  Connection.Connection.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(
      Networks.Networks.layer(config.networks),
      Modal.Modal.layer,
      LegalConsent.layer,
      Layer.unwrap(Effect.map(SignInConfig.scopeOf(config), SignInState.layer))
    )),
    Layer.provideMerge(Session.Session.layer)
  )

const build = (config: HostConfig["Service"]) => {
  const attempt = ConnectAttempt.layer
  const reads = Layer.mergeAll(AccountData.layer, Activity.layer, WalletList.layer).pipe(Layer.provideMerge(ChainReads.layer))
  const names = Names.layer.pipe(Layer.provideMerge(WalletRequests.layer))
  const actions = Layer.mergeAll(
    Navigation.layer,
    NetworkSwitch.layer,
    AccountSwitch.layer,
    Disconnecting.layer,
    Sending.layer,
    AccountFollow.layer
  ).pipe(Layer.provideMerge(names), Layer.provideMerge(attempt), Layer.provideMerge(reads))
  return actions.pipe(Layer.provideMerge(machines(config)))
}

/** Every feature and the machines under them, on the networks the host configured. */
export const layer = Layer.unwrap(HostConfig.useSync(build))

export type Features = Layer.Success<typeof layer>
