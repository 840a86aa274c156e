/**
 * One connect attempt at a time: what the visitor chose, the connecting view it needs, the
 * connection itself, and what the modal does when it ends (close, UnsupportedChain, or a shake with
 * the failure shown). A new attempt, "Try again", cancelling or leaving the connecting view stops the
 * one in flight, and with it a pending WalletConnect pairing.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Ref from "effect/Ref"
import * as SubscriptionRef from "effect/SubscriptionRef"
import type * as Caip from "../Caip.ts"
import * as Connection from "../Connection.ts"
import * as Connector from "../Connector.ts"
import { Connectors } from "../connectors/Connectors.ts"
import * as Constants from "../Constants.ts"
import { HostConfig } from "../HostConfig.ts"
import { LegalConsent } from "../LegalConsent.ts"
import * as Modal from "../Modal.ts"
import * as Networks from "../Networks.ts"
import * as Session from "../Session.ts"
import * as SignInState from "../signin/SignInState.ts"
import type * as WalletListEntry from "../WalletListEntry.ts"
import { fixed } from "../FixedMessage.ts"
import { isActiveAccountUnsupported, routerContext } from "./ChainSupport.ts"

export type ConnectFailure = Connector.ConnectorFailure | Connector.ConnectorNotFound | RelayUnreachableError

/** The last connect attempt, for the connecting views. */
export type Attempt =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Pending"; readonly connectorId: string }
  | { readonly _tag: "Failed"; readonly connectorId: string; readonly error: ConnectFailure }

export const idle: Attempt = { _tag: "Idle" }

/** How one attempt ended, for a caller that waits on it (a host's own connect UI). */
export type Outcome =
  | { readonly _tag: "Connected"; readonly connected: Connector.Connected }
  | { readonly _tag: "Failed"; readonly error: ConnectFailure }
  /** Cancelled, superseded by a newer attempt, or stopped with the modal. */
  | { readonly _tag: "Stopped" }

const outcomeOf = (exit: Exit.Exit<Connector.Connected, ConnectFailure>): Outcome => {
  if (Exit.isSuccess(exit)) return { _tag: "Connected", connected: exit.value }
  const error = Exit.findErrorOption(exit)
  return error._tag === "Some" ? { _tag: "Failed", error: error.value } : { _tag: "Stopped" }
}

/** What the visitor picked in a wallet list. */
export type Choice =
  /** A wallet the page announced (EIP-6963, Wallet Standard). */
  | { readonly _tag: "Installed"; readonly connectorId: string }
  /** WalletConnect's QR code, for one registry wallet (its name, icon and links) or any wallet. */
  | { readonly _tag: "WalletConnect"; readonly wallet?: WalletListEntry.WalletListEntry }

/** The views a connect attempt shows; leaving them abandons the attempt. */
export const connectingViews: ReadonlyArray<Modal.View> = [
  "ConnectingExternal",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic"
]

type AttemptFiber = Fiber.Fiber<Connector.Connected, ConnectFailure>

/** A WalletConnect pairing made ahead through the page's WalletConnect client, on its network. */
const pairingAhead = (
  clients: ReadonlyArray<Connector.ConnectorClient>,
  networkOf: (client: Connector.ConnectorClient) => Effect.Effect<Caip.CaipNetworkId | undefined>
) =>
  Effect.gen(function*() {
    const client = clients.find((candidate) => candidate.connector.type === "WALLET_CONNECT")
    if (client?.preparePairing === undefined) return undefined
    const caipNetworkId = yield* networkOf(client)
    // Without a pairing made ahead the tap opens no link: the connecting view then offers it, and its own
    // attempt meets (and shows) whatever kept this one from being made.
    const made = yield* Effect.option(client.preparePairing(caipNetworkId === undefined ? {} : { caipNetworkId }))
    return made._tag === "Some" ? made.value : undefined
  })

/**
 * Sign-in on, an injected EVM wallet or WalletConnect, and a message to ask for: the connect asks the wallet
 * to sign in at once (ERC-7846, One-Click Auth). Without a nonce the connect goes on alone; the sign-in step
 * then says why.
 */
const signInWith = (signIn: SignInState.SignInState["Service"], client: Connector.ConnectorClient, caipNetworkId: Caip.CaipNetworkId | undefined) =>
  Effect.gen(function*() {
    const template = yield* Ref.get(signIn.connectTemplate)
    const { chain, type } = client.connector
    if (template === undefined || caipNetworkId === undefined || chain !== "eip155" || (type !== "ANNOUNCED" && type !== "INJECTED" && type !== "WALLET_CONNECT")) return undefined
    if (!SignInState.appliesTo(signIn.scope, { namespace: chain, caipNetworkId })) return undefined
    const fields = yield* Effect.option(template(caipNetworkId))
    if (fields._tag === "None") return undefined
    return {
      template: fields.value,
      signed: ({ accounts: [address], signedIn }: Connector.Connected) =>
        address === undefined || signedIn === undefined
          ? Effect.void
          : Ref.set(signIn.signedAtConnect, { template: fields.value, address, ...signedIn })
    }
  })

export class ConnectAttempt extends Context.Service<ConnectAttempt, {
  readonly state: SubscriptionRef.SubscriptionRef<Attempt>
  /** Shows the connecting view for the choice and connects; completes when the attempt ends. */
  readonly choose: (choice: Choice) => Effect.Effect<void>
  /** Connects through one connector from the current view ("Try again", a host's own UI); completes with how it ended. */
  readonly connect: (connectorId: string) => Effect.Effect<Outcome>
  /** Stops the attempt and resets the connection state. */
  readonly cancel: Effect.Effect<void>
  /** Stops the attempt if the modal is on one of its connecting views (the visitor went back). */
  readonly abandon: Effect.Effect<void>
  /**
   * The visitor closed the modal: a browser wallet's prompt may still be answered, so its attempt goes
   * on without the view and a connection it brings is kept; a WalletConnect pairing (a QR code nobody
   * sees any more) stops.
   */
  readonly release: Effect.Effect<void>
  /**
   * On a phone, before the visitor picks a registry wallet: a WalletConnect pairing made ahead, so that the
   * wallet's link opens inside the tap (a link opened after a wait has lost the gesture and is blocked).
   */
  readonly preparePairing: Effect.Effect<void>
  /**
   * The visitor leans toward WalletConnect (points at or focuses its entry or the full list, opens the list):
   * its client's code loads now, contacting no one, so the QR code follows the click without a fetch.
   */
  readonly prepareWalletConnect: Effect.Effect<void>
  /** The pairing made ahead, until an attempt takes it. */
  readonly prepared: SubscriptionRef.SubscriptionRef<Connector.PreparedPairing | undefined>
}>()("portico/core/features/ConnectAttempt") {
  static readonly layer = Layer.effect(
    ConnectAttempt,
    Effect.gen(function*() {
      const config = yield* HostConfig
      const modal = yield* Modal.Modal
      const connection = yield* Connection.Connection
      const connectors = yield* Connectors
      const networks = yield* Networks.Networks
      const session = yield* Session.Session
      const signIn = yield* SignInState.SignInState
      const consent = yield* LegalConsent
      const scope = yield* Effect.scope
      const state = yield* SubscriptionRef.make<Attempt>(idle)
      const prepared = yield* SubscriptionRef.make<Connector.PreparedPairing | undefined>(undefined)
      const current = yield* Ref.make<AttemptFiber | undefined>(undefined)
      /** Whether the attempt in flight lost its view (the modal was closed while the wallet asked). */
      const detached = yield* Ref.make(false)
      const services = Effect.provideService(HostConfig, config)

      const stop = Effect.gen(function*() {
        const fiber = yield* Ref.getAndSet(current, undefined)
        if (fiber !== undefined) yield* Fiber.interrupt(fiber)
      })

      /** The network the dapp asks for first: the preferred one of the connector's namespace. */
      const defaultNetworkOf = (client: Connector.ConnectorClient) =>
        Effect.map(SubscriptionRef.get(networks.state), (value) => Networks.preferredFor(value, client.connector.chain))

      /**
       * A WalletConnect attempt without a pairing URI after `walletConnectUriTimeoutMillis` could not
       * reach the relay: it fails (and marks `wcError`) rather than loading for ever. Once a URI is
       * shown, the pairing's own expiry rules take over.
       */
      const withRelayDeadline = <A, E>(attempt: Effect.Effect<A, E>, connectorId: string) => {
        const unreachable = new RelayUnreachableError({ connectorId })
        const deadline = Effect.gen(function*() {
          yield* Effect.sleep(Constants.walletConnectUriTimeoutMillis)
          if ((yield* SubscriptionRef.get(connection.state)).wcUri !== undefined) return yield* Effect.never
          return yield* Effect.fail(unreachable)
        })
        return Effect.raceFirst(attempt, deadline).pipe(
          // After the race: interrupting the attempt resets the connection state, so mark it here.
          Effect.tapError((error) => error === unreachable ? SubscriptionRef.update(connection.state, Connection.failed) : Effect.void)
        )
      }

      const attemptWith = (client: Connector.ConnectorClient) =>
        Effect.gen(function*() {
          const caipNetworkId = yield* defaultNetworkOf(client)
          const oneApproval = yield* signInWith(signIn, client, caipNetworkId)
          const attempt = connection.connect(client.connector.id, {
            ...(caipNetworkId === undefined ? {} : { caipNetworkId }),
            ...(oneApproval === undefined ? {} : { signIn: oneApproval })
          })
          return yield* client.connector.type === "WALLET_CONNECT" ? withRelayDeadline(attempt, client.connector.id) : attempt
        })

      const settle = (exit: Exit.Exit<Connector.Connected, ConnectFailure>, connectorId: string) =>
        Effect.gen(function*() {
          if (yield* Ref.getAndSet(detached, false)) {
            // Nobody is looking at the attempt: a refusal needs no shake, a connection shows on the button.
            yield* SubscriptionRef.set(state, idle)
            if (Exit.isSuccess(exit) && (yield* services(isActiveAccountUnsupported))) yield* modal.open({ view: "UnsupportedChain" })
            return
          }
          if (Exit.isSuccess(exit)) {
            yield* SubscriptionRef.set(state, idle)
            if (yield* services(isActiveAccountUnsupported)) return yield* modal.toUnsupportedChain(connectingViews)
            // Sign-in takes over the modal from here: it closes it, or asks for the signature (features/SignIn.ts).
            const active = Session.activeAccount(yield* SubscriptionRef.get(session.state))
            if (active !== undefined && SignInState.appliesTo(signIn.scope, active)) return
            return yield* modal.close(yield* services(routerContext), { forced: true })
          }
          const error = Exit.findErrorOption(exit)
          if (error._tag === "None") return yield* SubscriptionRef.set(state, idle)
          yield* SubscriptionRef.set(state, { _tag: "Failed", connectorId, error: error.value })
          // A refused or failed connection shakes the modal (spec §4: 500 ms).
          yield* modal.shake
        }).pipe(Effect.provideService(Session.Session, session))

      const connect = Effect.fn("ConnectAttempt.connect")(function*(connectorId: string) {
        const inFlight = yield* Ref.get(current)
        const pending = yield* SubscriptionRef.get(state)
        // The wallet is already asking the visitor: a second request would prompt twice. Wait for the first.
        if (inFlight !== undefined && pending._tag === "Pending" && pending.connectorId === connectorId) {
          yield* Ref.set(detached, false)
          return outcomeOf(yield* Fiber.await(inFlight))
        }
        yield* stop
        yield* Ref.set(detached, false)
        yield* SubscriptionRef.set(state, { _tag: "Pending", connectorId })
        const fiber: AttemptFiber = yield* Effect.forkIn(
          Effect.flatMap(connectors.get(connectorId), attemptWith),
          scope
        )
        yield* Ref.set(current, fiber)
        const exit = yield* Fiber.await(fiber)
        // Superseded by another attempt or stopped: whoever stopped it owns the views now.
        const stillCurrent = yield* Ref.modify(current, (running) => running === fiber ? [true, undefined] : [false, running])
        if (stillCurrent) yield* settle(exit, connectorId)
        return outcomeOf(exit)
      })

      const walletConnectId = Effect.map(
        SubscriptionRef.get(connectors.state),
        ({ clients }) => clients.find((client) => client.connector.type === "WALLET_CONNECT")?.connector.id ?? "walletConnect"
      )

      const choose = Effect.fn("ConnectAttempt.choose")(function*(choice: Choice) {
        // Nothing connects before the visitor agreed to the host's terms, when it asks them to (the views wait too).
        if (Exit.isFailure(yield* Effect.exit(consent.check))) return yield* modal.shake
        if (choice._tag === "Installed") {
          yield* modal.push({ view: "ConnectingExternal", data: { connectorId: choice.connectorId } })
          return yield* Effect.asVoid(connect(choice.connectorId))
        }
        // The attempt takes the pairing made ahead: it is no longer there for another tap.
        yield* SubscriptionRef.set(prepared, undefined)
        yield* modal.push(
          config.basicMode === true
            ? { view: "ConnectingWalletConnectBasic" }
            : { view: "ConnectingWalletConnect", ...(choice.wallet === undefined ? {} : { data: { wallet: choice.wallet } }) }
        )
        return yield* Effect.asVoid(connect(yield* walletConnectId))
      })

      const stopToIdle = Effect.andThen(stop, SubscriptionRef.set(state, idle))

      return ConnectAttempt.of({
        state,
        prepared,
        preparePairing: Effect.flatMap(
          Effect.flatMap(SubscriptionRef.get(connectors.state), ({ clients }) => pairingAhead(clients, defaultNetworkOf)),
          (made) => SubscriptionRef.set(prepared, made)
        ),
        prepareWalletConnect: Effect.map(SubscriptionRef.get(connectors.state), ({ clients }) =>
          clients.find((client) => client.connector.type === "WALLET_CONNECT")?.prepare?.()),
        choose,
        connect,
        cancel: Effect.andThen(stopToIdle, connection.reset),
        abandon: Effect.gen(function*() {
          const view = Modal.currentView(yield* SubscriptionRef.get(modal.state))
          if (view !== undefined && connectingViews.includes(view)) yield* stopToIdle
        }),
        release: Effect.gen(function*() {
          const pending = yield* SubscriptionRef.get(state)
          if (pending._tag !== "Pending" || (yield* Ref.get(current)) === undefined) return yield* SubscriptionRef.set(state, idle)
          const client = yield* Effect.option(connectors.get(pending.connectorId))
          if (client._tag === "Some" && client.value.connector.type !== "WALLET_CONNECT") return yield* Ref.set(detached, true)
          yield* stopToIdle
        })
      })
    })
  )
}

/** No pairing URI within the deadline: the WalletConnect relay could not be reached. */
export class RelayUnreachableError extends Schema.TaggedError<RelayUnreachableError>()("RelayUnreachableError", {
  connectorId: Schema.String,
  message: fixed("The WalletConnect relay could not be reached")
}) {}
