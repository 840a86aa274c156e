/**
 * The environment core's features need, made of local pieces: memory storage, the given wallets as
 * Wallet Standard connectors (and one WalletConnect-type connector when given), a Backend that answers
 * what a test gives and dies on the rest, analytics that records, and the host's configuration.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Analytics from "../../../core/Analytics.ts"
import { Backend } from "../../../core/Backend.ts"
import type * as Config from "../../../core/Config.ts"
import type * as Connector from "../../../core/Connector.ts"
import { Connectors } from "../../../core/connectors/Connectors.ts"
import * as Eip6963 from "../../../core/connectors/Eip6963.ts"
import * as Features from "../../../core/features/Features.ts"
import { SignIn } from "../../../core/features/SignIn.ts"
import { HostConfig } from "../../../core/HostConfig.ts"
import * as ServerSignInProvider from "../../../core/signin/ServerSignInProvider.ts"
import * as Storage from "../../../core/Storage.ts"
import { networks } from "./Wallets.ts"

export const hostConfig: Config.PorticoConfig = {
  projectId: "test",
  networks,
  metadata: { name: "Test host", description: "Core tests", url: "https://host.invalid", icons: [] }
}

export interface EnvironmentOptions {
  readonly clients?: ReadonlyArray<Connector.ConnectorClient>
  readonly walletConnect?: Connector.ConnectorClient
  readonly backend?: Partial<Backend["Service"]>
  /** Storage kept across two "page loads" (BrowserStorage over one memory Web Storage); memory otherwise. */
  readonly storage?: Layer.Layer<Storage.Storage>
  /** A whole Backend (our real server through its client), in place of `backend`'s answers. */
  readonly backendLayer?: Layer.Layer<Backend>
  readonly config?: Partial<Config.PorticoConfig>
  /** Receives every tracked event. */
  readonly tracked?: Array<Analytics.TrackedEvent>
}

const die = (name: string) => () => Effect.die(`Backend.${name}: not part of this test`)

const backendOf = (answers: Partial<Backend["Service"]>): Backend["Service"] => Backend.of({
    urls: answers.urls,
    balances: answers.balances ?? die("balances"),
    history: answers.history ?? die("history"),
    identity: answers.identity ?? die("identity"),
    wallets: answers.wallets ?? die("wallets"),
    lookupName: answers.lookupName ?? die("lookupName"),
    namesOf: answers.namesOf ?? die("namesOf"),
    nameSuggestions: answers.nameSuggestions ?? die("nameSuggestions"),
    registerName: answers.registerName ?? die("registerName"),
    signInNonce: answers.signInNonce ?? die("signInNonce"),
    addSignInSession: answers.addSignInSession ?? die("addSignInSession"),
    signInSession: answers.signInSession ?? die("signInSession"),
    revokeSignInSession: answers.revokeSignInSession ?? die("revokeSignInSession"),
    swapNetworks: answers.swapNetworks ?? die("swapNetworks"),
    swapTokens: answers.swapTokens ?? die("swapTokens"),
    swapQuote: answers.swapQuote ?? die("swapQuote"),
    swapAllowance: answers.swapAllowance ?? die("swapAllowance"),
    swapApproval: answers.swapApproval ?? die("swapApproval"),
    swapTransaction: answers.swapTransaction ?? die("swapTransaction"),
    onrampOptions: answers.onrampOptions ?? die("onrampOptions"),
    onrampQuote: answers.onrampQuote ?? die("onrampQuote"),
    onrampUrl: answers.onrampUrl ?? die("onrampUrl"),
    onrampPurchases: answers.onrampPurchases ?? die("onrampPurchases"),
    smartSession: answers.smartSession ?? die("smartSession"),
    revokeSmartSession: answers.revokeSmartSession ?? die("revokeSmartSession")
  })

/** The page sign-in messages are made for in these tests. */
export const signInSettings = { domain: "app.test", uri: "https://app.test", expiresInMillis: 86_400_000 }

export const environment = (options: EnvironmentOptions = {}) => {
  const base = Layer.mergeAll(
    options.storage ?? Storage.layerMemory,
    Connectors.layer({
      eip6963: (onChange) => {
        onChange(Eip6963.empty)
        return () => undefined
      },
      walletStandard: (onChange) => {
        onChange(options.clients ?? [])
        return () => undefined
      },
      walletConnect: options.walletConnect
    }),
    options.backendLayer ?? Layer.succeed(Backend, backendOf(options.backend ?? {})),
    Layer.succeed(Analytics.Analytics, Analytics.Analytics.of({
      track: (event) => Effect.sync(() => {
        options.tracked?.push(event)
        return true
      })
    })),
    HostConfig.layer({ ...hostConfig, ...options.config })
  )
  return base
}

/** Every feature over the local environment: what the browser engine runs, in Node (sign-in included). */
export const features = (options: EnvironmentOptions = {}) =>
  SignIn.layer.pipe(Layer.provideMerge(
    ServerSignInProvider.layer(signInSettings).pipe(Layer.provideMerge(Features.layer.pipe(Layer.provideMerge(environment(options)))))
  ))
