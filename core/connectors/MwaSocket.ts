/**
 * The browser's WebSocket as an MWA link: the dapp offers both subprotocols and the wallet app's choice
 * decides the framing, raw binary frames or base64 text. A socket that never opens is "nothing listens
 * yet" (the session dials again); once open, a close ends `receive` with a typed error.
 */
import { base64 } from "@scure/base"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Association from "../mwa/Association.ts"
import { MwaProtocolError } from "../mwa/MwaErrors.ts"
import type * as MwaSession from "../mwa/MwaSession.ts"

const closedError = new MwaProtocolError({ reason: "closed", message: "The wallet app closed the connection" })

const frameOf = (data: unknown, textFrames: boolean): Uint8Array | undefined => {
  if (textFrames) {
    if (typeof data !== "string") return undefined
    try {
      return base64.decode(data)
    } catch {
      return undefined
    }
  }
  return data instanceof ArrayBuffer ? new Uint8Array(data) : undefined
}

const linkOver = (socket: WebSocket, queue: Queue.Queue<Uint8Array, MwaProtocolError>): MwaSession.Link => {
  const textFrames = socket.protocol === Association.subprotocols.base64
  const close = () => {
    Queue.failCauseUnsafe(queue, Cause.fail(closedError))
    socket.close()
  }
  socket.addEventListener("message", (event) => {
    const frame = frameOf(event.data, textFrames)
    // A frame in the other framing than the one agreed is a breach: reading it as empty fails its check.
    Queue.offerUnsafe(queue, frame ?? new Uint8Array(0))
  })
  socket.addEventListener("close", () => Queue.failCauseUnsafe(queue, Cause.fail(closedError)))
  return {
    send: (message) => socket.send(textFrames ? base64.encode(message) : Uint8Array.from(message)),
    receive: Queue.take(queue),
    close
  }
}

export const dial: MwaSession.Dial = (url) =>
  Effect.gen(function*() {
    const queue = yield* Queue.unbounded<Uint8Array, MwaProtocolError>()
    return yield* Effect.callback<MwaSession.Link | undefined>((resume) => {
      const socket = new WebSocket(url, [Association.subprotocols.binary, Association.subprotocols.base64])
      socket.binaryType = "arraybuffer"
      const opened = () => {
        socket.removeEventListener("close", refused)
        const known = socket.protocol === Association.subprotocols.binary || socket.protocol === Association.subprotocols.base64
        if (known) return resume(Effect.succeed(linkOver(socket, queue)))
        socket.close()
        resume(Effect.succeed(undefined))
      }
      const refused = () => {
        socket.removeEventListener("open", opened)
        resume(Effect.succeed(undefined))
      }
      socket.addEventListener("open", opened, { once: true })
      socket.addEventListener("close", refused, { once: true })
      return Effect.sync(() => socket.close())
    })
  })
