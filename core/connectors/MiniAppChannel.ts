/**
 * The page's line to its mini-app host: Comlink calls posted to the parent window at the parent's origin,
 * and the answers and wallet events taken only from that window at that origin, each decoded by
 * `MiniAppProtocol` (anything else on the page's message channel — another frame, an extension, a forged
 * answer — is ignored). The parent's origin is the one the browser reports (`location.ancestorOrigins`,
 * else the referrer); a page that cannot know it opens no channel.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Protocol from "./MiniAppProtocol.ts"

/** What the channel reads of a `message` event. */
export interface Delivered {
  readonly data: unknown
  readonly origin: string
  readonly source: unknown
}

/** The part of a framed page's `window` the channel uses (a `Window` is one). */
export interface HostedWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void }
  readonly location: { readonly ancestorOrigins?: { readonly length: number; readonly [index: number]: string } }
  readonly document: { readonly referrer: string }
  addEventListener(type: "message", listener: (event: Delivered) => void): void
  removeEventListener(type: "message", listener: (event: Delivered) => void): void
}

export interface Channel {
  /** The parent's origin every message is bound to. */
  readonly origin: string
  /** Reads a property of the host (`GET`). */
  readonly get: (property: string) => Effect.Effect<unknown, MiniAppHostError>
  /** Calls a method of the host (`APPLY`) with these arguments. */
  readonly call: (method: string, args: ReadonlyArray<unknown>) => Effect.Effect<unknown, MiniAppHostError>
  /** Hears the host wallet's events; returns the function that stops. */
  readonly events: (listener: (event: Protocol.EthProviderEvent) => void) => () => void
  /** Stops listening; calls still waiting end with `MiniAppHostError`. */
  readonly close: () => void
}

/** The origin of the page that frames this one, as the browser tells it, when it is a web origin. */
export const parentOrigin = (window: HostedWindow): string | undefined => {
  const ancestors = window.location.ancestorOrigins
  const reported = ancestors !== undefined && ancestors.length > 0 ? ancestors[0] : window.document.referrer
  if (reported === undefined || reported === "") return undefined
  const origin = originOf(reported)
  return origin === "null" ? undefined : origin
}

/** A URL's origin; "null" (the opaque origin) for text that is no URL. */
const originOf = (text: string): string => {
  try {
    return new URL(text).origin
  } catch {
    return "null"
  }
}

const decodeReply = Schema.decodeUnknownOption(Protocol.Reply)
const decodeEvent = Schema.decodeUnknownOption(Protocol.EthProviderEvent)

/** What the host threw, as far as it says: Comlink sends an error's message inside `value`. */
const thrownMessage = (value: unknown): string => {
  const message = typeof value === "object" && value !== null ? (value as { readonly message?: unknown }).message : undefined
  return typeof message === "string" ? message.slice(0, 300) : "The mini-app host refused the call"
}

export const open = (window: HostedWindow): Channel | undefined => {
  const origin = parentOrigin(window)
  if (origin === undefined) return undefined
  const waiting = new Map<string, (reply: Protocol.Reply | undefined) => void>()
  const listeners = new Set<(event: Protocol.EthProviderEvent) => void>()
  // Ids unique in this page; an answer is taken only from the parent, so they need not be secret.
  let next = 0
  const onMessage = (event: Delivered) => {
    if (event.source !== window.parent || event.origin !== origin) return
    const reply = decodeReply(event.data)
    if (Option.isSome(reply)) {
      const resolve = waiting.get(reply.value.id)
      waiting.delete(reply.value.id)
      resolve?.(reply.value)
      return
    }
    const walletEvent = decodeEvent(event.data)
    if (Option.isSome(walletEvent)) for (const listener of listeners) listener(walletEvent.value)
  }
  window.addEventListener("message", onMessage)

  const send = (make: (id: string) => Protocol.Call) =>
    Effect.callback<unknown, MiniAppHostError>((resume) => {
      next += 1
      const id = `portico-${next}`
      waiting.set(id, (reply) => {
        if (reply === undefined) resume(Effect.fail(new MiniAppHostError({ message: "The mini-app host's channel closed" })))
        else if (reply.type === "RAW") resume(Effect.succeed(reply.value))
        else resume(Effect.fail(new MiniAppHostError({ message: thrownMessage(reply.value.value) })))
      })
      window.parent.postMessage(make(id), origin)
      return Effect.sync(() => waiting.delete(id))
    })

  return {
    origin,
    get: (property) => send((id) => Protocol.get(id, property)),
    call: (method, args) => send((id) => Protocol.apply(id, method, args)),
    events: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close: () => {
      window.removeEventListener("message", onMessage)
      listeners.clear()
      for (const resolve of waiting.values()) resolve(undefined)
      waiting.clear()
    }
  }
}

/** The mini-app host refused a call, or the channel to it closed. */
export class MiniAppHostError extends Schema.TaggedError<MiniAppHostError>()("MiniAppHostError", {
  message: Schema.String
}) {}
