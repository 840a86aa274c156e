/**
 * The wallet's own window (docs/embedded-wallet.md "The wallet's window"): where a panel cannot prove it is
 * shown (no IntersectionObserver v2, or covered, transparent or cropped by the host), the visitor's click
 * in the panel opens this origin's panel page as a first-party popup, a real window the host's page
 * cannot overlay, and the decision or the secret moves there.
 *
 * The panel (in the host's page) stays the one that talks to the frame; the window is its display: the
 * panel sends it what to show (the approval, or the keys once the visitor asked for them there) and it
 * answers the visitor's decision. Both are pages of this origin and talk by `postMessage` bound to each
 * other's window and to this origin only, every message schema-checked; a window opened by anyone else
 * (the host's page) has no opener of this origin and hears nothing.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { PanelContent, PanelSettings } from "./PanelChannel.ts"

const channel = "portico-panel-window/1"
const Text = (maxLength: number) => Schema.String.check(Schema.isMaxLength(maxLength))

export const Keys = Schema.Struct({
  phrase: Text(400),
  evm: Schema.Struct({ address: Text(64), privateKey: Text(200) }),
  solana: Schema.Struct({ address: Text(64), privateKey: Text(200) })
})
export type Keys = typeof Keys.Type

export const ToWindow = Schema.Union([
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("CONTENT"), content: PanelContent, settings: PanelSettings }),
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("KEYS"), keys: Keys }),
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("FAILED"), reason: Schema.Literals(["sessionExpired", "failed"]) }),
  /** The panel no longer waits (answered elsewhere, ended by the frame, removed). */
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("ENDED") })
])
export type ToWindow = typeof ToWindow.Type

export const FromWindow = Schema.Union([
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("READY") }),
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("DECIDED"), decision: Schema.Literals(["approve", "reject"]) }),
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("REVEAL") }),
  Schema.Struct({ channel: Schema.Literal(channel), type: Schema.Literal("FINISHED"), outcome: Schema.Literals(["completed", "closed"]) })
])
export type FromWindow = typeof FromWindow.Type

type Body<M> = M extends unknown ? Omit<M, "channel"> : never

export interface Link<Out> {
  readonly post: (message: Body<Out>) => void
  readonly close: () => void
}

/** Hears `peer`'s messages of this origin that decode with `schema`. */
const listen = <A>(peer: () => Window | null, schema: Schema.Decoder<A>, onMessage: (message: A) => void) => {
  const decode = Schema.decodeUnknownOption(schema)
  const listener = (event: MessageEvent) => {
    if (event.origin !== location.origin || event.source === null || event.source !== peer()) return
    const message = decode(event.data)
    if (Option.isSome(message)) onMessage(message.value)
  }
  window.addEventListener("message", listener)
  return () => window.removeEventListener("message", listener)
}

/** The window's address: this panel's page, marked as the window. */
export const urlOf = (panelUrl: string): string => {
  const url = new URL(panelUrl)
  url.searchParams.set("window", "popup")
  return url.toString()
}

/** Opens the window from the visitor's click (none when the browser blocked it). */
export const open = (onMessage: (message: FromWindow) => void): Option.Option<Link<ToWindow>> => {
  const popup = window.open(urlOf(location.href), "_blank", "popup,width=460,height=720")
  if (popup === null) return Option.none()
  const stop = listen(() => popup, FromWindow, onMessage)
  return Option.some({
    post: (message) => popup.postMessage({ ...message, channel }, location.origin),
    close: () => {
      stop()
      popup.close()
    }
  })
}

/** The window's side: its opener, when that is a panel of this origin. */
export const connect = (onMessage: (message: ToWindow) => void): Option.Option<Link<FromWindow>> => {
  const opener = window.opener as Window | null
  if (opener === null || window.parent !== window) return Option.none()
  const stop = listen(() => opener, ToWindow, onMessage)
  return Option.some({
    post: (message) => opener.postMessage({ ...message, channel }, location.origin),
    close: () => {
      stop()
      window.close()
    }
  })
}
