/**
 * The One-Click Auth part of a WalletConnect connect that signs in: its code (WalletConnectAuth.ts, the ReCap)
 * loads only for such a connect, so the engine every visitor loads does not carry it. It rides with the
 * proposal, unless a pairing made ahead (on a phone) is already out: that connect signs in as a second step.
 */
import * as Effect from "effect/Effect"
import type * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import type { SignInTemplate } from "../signin/SignInMessage.ts"
import type * as Cacaos from "../walletconnect/Cacaos.ts"
import type * as Protocol from "../walletconnect/Protocol.ts"

export interface OneClickAuth {
  /** What to ask with the proposal. */
  readonly asked: Protocol.AuthPayload
  /** The connection with what its first account signed, when the wallet answered the sign-in. */
  readonly withSignedIn: (connected: Connector.Connected, signed: ReadonlyArray<Cacaos.Checked> | undefined) => Connector.Connected
}

/** None without a template, or when its network is no EVM one on offer (the connect then only connects). */
export const load = <E>(
  template: SignInTemplate | undefined,
  networks: ReadonlyArray<Caip.CaipNetworkId>,
  methods: ReadonlyArray<string>,
  attempt: <A>(evaluate: () => Promise<A>) => Effect.Effect<A, E>
): Effect.Effect<OneClickAuth | undefined, E> =>
  template === undefined
    ? Effect.succeed(undefined)
    : Effect.map(attempt(() => import("./WalletConnectAuth.ts")), (auth) => {
      const asked = auth.payloadOf(template, networks, methods)
      return asked === undefined ? undefined : { asked, withSignedIn: (connected, signed) => auth.withSignedIn(connected, signed, asked) }
    })
