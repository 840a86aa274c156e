/**
 * The visitor's approval of the RPC calls that need it (spec §6), in the frame's own panel: the modal is
 * told `APPROVAL_REQUIRED` with the panel to show, and the call goes on only once the visitor approved it
 * there.
 *
 * A rejection aborts every non-safe call in flight (spec §4 "Embedded wallet frame"): the rejected one,
 * every other one waiting in its panel, and every one still being prepared (it never shows a panel).
 * Each answers 'Request was aborted' (4001). Calls already approved go on; safe calls never wait here.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"
import { fixedCode } from "../../core/FixedCode.ts"
import { HostEvents } from "./HostChannel.ts"
import type { ApprovalView } from "./PanelChannel.ts"
import { Panels, type OpenPanel } from "./Panels.ts"

/** Taken when a non-safe call arrives: a rejection after it aborts the call. */
export interface Ticket {
  readonly rejections: number
}

export class Approvals extends Context.Service<Approvals, {
  readonly begin: Effect.Effect<Ticket>
  /** Shows `view` for the request `requestId` and waits: succeeds once approved. */
  readonly approve: (ticket: Ticket, requestId: string, view: ApprovalView) => Effect.Effect<void, RequestAbortedError>
  /** Aborts every call in flight (the visitor signed out, or the session ended). */
  readonly abortAll: Effect.Effect<void>
}>()("portico/frame/app/Approvals") {
  static readonly layer = Layer.effect(
    Approvals,
    Effect.gen(function*() {
      const panels = yield* Panels
      const events = yield* HostEvents
      const waiting = new Map<string, OpenPanel>()
      let rejections = 0

      const abortAll = Effect.suspend(() => {
        rejections += 1
        const open = [...waiting.values()]
        waiting.clear()
        return Effect.forEach(open, (panel) => panel.end, { discard: true })
      })

      const approve = (ticket: Ticket, requestId: string, view: ApprovalView) =>
        Effect.gen(function*() {
          if (rejections !== ticket.rejections) return yield* new RequestAbortedError()
          const panel = yield* panels.open({ kind: "approve", view })
          waiting.set(requestId, panel)
          yield* events.emit({ type: "APPROVAL_REQUIRED", requestId, panelId: panel.panelId })
          const outcome = yield* panel.outcome.pipe(
            // The call was given up (its fiber interrupted): its panel goes too.
            Effect.onInterrupt(() => Effect.andThen(Effect.sync(() => waiting.delete(requestId)), panel.end))
          )
          waiting.delete(requestId)
          if (outcome === "approved") return yield* panel.finish("approved")
          if (outcome === "rejected") {
            yield* panel.finish("rejected")
            yield* abortAll
          }
          return yield* new RequestAbortedError()
        })

      return Approvals.of({ begin: Effect.sync(() => ({ rejections })), approve, abortAll })
    })
  )
}

/** The visitor rejected this call or another one in flight (spec §8: 'Request was aborted', EIP-1193 4001). */
export class RequestAbortedError extends Schema.TaggedError<RequestAbortedError>()("RequestAbortedError", {
  message: fixed("Request was aborted"),
  code: fixedCode("UserRejectedRequest")
}) {}
