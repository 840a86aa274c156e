/**
 * A framed page's window and a scripted mini-app host behind its parent, for the mini-app connector's
 * tests: what the page posts is recorded with its target origin, and the host (or an attacker) answers
 * by dispatching message events with a chosen source and origin.
 */
import type { Delivered, HostedWindow } from "../../../core/connectors/MiniAppChannel.ts"

export const hostOrigin = "https://farcaster.test"

export interface Posted {
  readonly message: { readonly id: string; readonly type: string; readonly path: ReadonlyArray<string>; readonly argumentList?: ReadonlyArray<{ readonly value: unknown }> }
  readonly targetOrigin: string
}

export interface ScriptedHost {
  readonly window: HostedWindow
  readonly posted: Array<Posted>
  /** Delivers a message to the page as if `source` (the parent unless said) at `origin` posted it. */
  readonly deliver: (data: unknown, from?: { readonly origin?: string; readonly source?: unknown }) => void
  readonly listening: () => number
}

/** The host's answer to one posted call, or nothing (it stays silent). */
export type Script = (posted: Posted["message"]) => { readonly value: unknown } | { readonly thrown: string } | undefined

export const context = { user: { fid: 1_042, username: "demo" }, client: { clientFid: 9_152, added: false } }

/** A host that answers the context, lists the Ethereum wallet, and answers wallet requests with `wallet`. */
export const farcasterHost = (wallet: (request: { readonly id: number; readonly method: string; readonly params?: unknown }) => unknown): Script => (message) => {
  if (message.type === "GET" && message.path[0] === "context") return { value: context }
  if (message.path[0] === "getCapabilities") return { value: ["wallet.getEthereumProvider", "actions.ready"] }
  if (message.path[0] === "ethProviderRequestV2") {
    const request = message.argumentList?.[0]?.value as { readonly id: number; readonly method: string; readonly params?: unknown }
    return { value: wallet(request) }
  }
  return { thrown: `Unsupported ${message.path[0]}` }
}

export const scriptedHost = (script: Script, options: { readonly ancestorOrigin?: string; readonly referrer?: string } = {}): ScriptedHost => {
  const listeners = new Set<(event: Delivered) => void>()
  const posted: Array<Posted> = []
  const parent = {
    postMessage: (message: unknown, targetOrigin: string) => {
      const call = message as Posted["message"]
      posted.push({ message: call, targetOrigin })
      const answer = script(call)
      if (answer === undefined) return
      const data = "value" in answer
        ? { id: call.id, type: "RAW", value: answer.value }
        : { id: call.id, type: "HANDLER", name: "throw", value: { isError: true, value: { message: answer.thrown, name: "Error" } } }
      queueMicrotask(() => deliver(data))
    }
  }
  const deliver: ScriptedHost["deliver"] = (data, from = {}) => {
    const event: Delivered = { data, origin: from.origin ?? hostOrigin, source: "source" in from ? from.source : parent }
    for (const listener of listeners) listener(event)
  }
  const ancestor = options.ancestorOrigin === undefined ? hostOrigin : options.ancestorOrigin
  const window: HostedWindow = {
    parent,
    location: ancestor === "" ? {} : { ancestorOrigins: { length: 1, 0: ancestor } },
    document: { referrer: options.referrer ?? "" },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener)
  }
  return { window, posted, deliver, listening: () => listeners.size }
}
