/**
 * A frame for core tests: answers each app event the modal posts from a script, says it is ready as soon
 * as the modal listens, and raises the frame's own events on demand. It stands in for the iframe only;
 * the frame channel, the connector and the features under test are the real ones.
 */
import type { FramePort } from "../../../core/embedded/FrameChannel.ts"
import * as Protocol from "../../../core/embedded/FrameProtocol.ts"

export type Answer =
  | { readonly ok: unknown }
  | { readonly error: string; readonly code?: number; readonly reason?: string; readonly retryAfter?: number }
  /** Answered when the promise settles (never, for a request the frame keeps waiting on). */
  | { readonly later: Promise<Answer> }

const errorPayload = ({ error, ...fields }: Extract<Answer, { readonly error: string }>): Protocol.ErrorPayload => ({ message: error, ...fields })

type Settled = Exclude<Answer, { readonly later: Promise<Answer> }>

const settled = (answer: Answer): Promise<Settled> => "later" in answer ? answer.later.then(settled) : Promise.resolve(answer)

/**
 * A frame answering each app event from `script`; it says it is ready as soon as it is listened to.
 * `refused`: a hidden frame the browser refuses its storage (it says so instead). `window`: the wallet's
 * own window, which draws its panels itself and which the visitor may `close`.
 */
export const scriptedFrame = (script: (request: Protocol.Request) => Answer, kind: "iframe" | "refused" | "window" = "iframe") => {
  const listeners = new Set<(data: unknown) => void>()
  const closers = new Set<() => void>()
  const emit = (data: unknown) => listeners.forEach((listener) => listener(data))
  const asked: Array<Protocol.RequestType> = []
  const port: FramePort = {
    post: (request) => {
      asked.push(request.type)
      void settled(script(request)).then((answer) =>
        emit({
          channel: Protocol.channel,
          kind: "response",
          id: request.id,
          type: `${request.type}_${"ok" in answer ? "SUCCESS" : "ERROR"}`,
          payload: "ok" in answer ? answer.ok : errorPayload(answer)
        }))
    },
    subscribe: (listener) => {
      listeners.add(listener)
      const ready: Protocol.FrameEvent["event"] = kind === "refused" ? { type: "FRAME_UNAVAILABLE", reason: "storage" } : { type: "FRAME_READY" }
      queueMicrotask(() => emit({ channel: Protocol.channel, kind: "event", event: ready }))
      return () => listeners.delete(listener)
    },
    panelUrl: (panelId) => kind === "window" ? undefined : `http://wallet.test/embedded/panel?panelId=${panelId}`,
    onClosed: (listener) => void closers.add(listener),
    detach: () => undefined
  }
  const event = (body: Protocol.FrameEvent["event"]) => emit({ channel: Protocol.channel, kind: "event", event: body })
  const close = () => closers.forEach((closer) => closer())
  return { port, asked, event, close }
}

