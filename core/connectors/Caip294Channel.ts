/**
 * The JSON-RPC channel of a wallet found by its CAIP-294 announcement: `CustomEvent`s named
 * `caip294:<uuid>` on the window, in both directions. Loaded with the session (MultichainClient.ts).
 */
import * as Predicate from "effect/Predicate"

/** A JSON-RPC exchange over `caip294:<uuid>`, the channel the wallet announced. */
export interface Channel {
  readonly request: (method: string, params: unknown) => Promise<unknown>
  /** Calls `listener` with every notification the wallet sends (no id); returns the function that stops it. */
  readonly onNotification: (listener: (method: string, params: unknown) => void) => () => void
}

/** The event both sides dispatch: requests and notifications carry a method; answers an id and a result or an error. */
export const channel = (target: EventTarget, uuid: string): Channel => {
  const name = `caip294:${uuid}`
  const pending = new Map<number, { readonly resolve: (value: unknown) => void; readonly reject: (error: unknown) => void }>()
  const listeners = new Set<(method: string, params: unknown) => void>()
  let next = 1
  target.addEventListener(name, (event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail
    if (!Predicate.isObject(detail)) return
    if (Predicate.hasProperty(detail, "method")) {
      // Our own requests come back through the same event; only notifications (no id) are the wallet's.
      if (typeof detail.method === "string" && !Predicate.hasProperty(detail, "id")) {
        for (const listener of listeners) listener(detail.method, Predicate.hasProperty(detail, "params") ? detail.params : undefined)
      }
      return
    }
    const id = Predicate.hasProperty(detail, "id") ? detail.id : undefined
    const waiting = typeof id === "number" ? pending.get(id) : undefined
    if (waiting === undefined || typeof id !== "number") return
    pending.delete(id)
    if (Predicate.hasProperty(detail, "error")) waiting.reject(detail.error)
    else waiting.resolve(Predicate.hasProperty(detail, "result") ? detail.result : undefined)
  })
  return {
    request: (method, params) =>
      new Promise((resolve, reject) => {
        const id = next++
        pending.set(id, { resolve, reject })
        target.dispatchEvent(new CustomEvent(name, { detail: { jsonrpc: "2.0", id, method, params } }))
      }),
    onNotification: (listener) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
