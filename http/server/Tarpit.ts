/**
 * A client over its limit for unknown project ids is flooding, not browsing: the connection that
 * carried the refused request is not read again until its Retry-After has passed. A flood over
 * kept-alive connections then stops costing the server its event loop (the kernel holds what the
 * client sends meanwhile), and legitimate projects keep their latency. The refusal itself is still
 * written at once; a connection that closes meanwhile takes its timer with it.
 */
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import * as Effect from "effect/Effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"

/**
 * Stops reading `request`'s connection for `seconds` once its answer is written, and up to a second
 * more at random: Retry-After counts whole seconds, and connections held in the same instant must
 * not all come back in the same millisecond.
 */
export const hold = (request: HttpServerRequest.HttpServerRequest, seconds: number, random: number = Math.random()): Effect.Effect<void> =>
  Effect.sync(() => {
    const { socket } = NodeHttpServerRequest.toIncomingMessage(request)
    const response = NodeHttpServerRequest.toServerResponse(request)
    // After the answer: until then Node itself resumes reading to pull the request's body off the wire.
    response.once("finish", () => {
      if (socket.destroyed) return
      socket.pause()
      const timer = setTimeout(() => socket.resume(), (seconds + random) * 1000)
      timer.unref()
      socket.once("close", () => clearTimeout(timer))
    })
  })
