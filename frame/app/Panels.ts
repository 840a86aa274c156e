/**
 * The panels the frame opens inside the modal (approve, setup, recover, export, account type): each one a random id,
 * a `BroadcastChannel` of that name (frame/app/PanelChannel.ts) and the visitor's answer.
 *
 * A panel that says it opened is answered with its content and the modal's current look, but only when
 * the page framing it is the frame's own parent. The first answer that fits the panel's kind counts
 * (approve or reject for an approve panel, a choice for the account-type panel, completed or closed for the others); the owner then finishes
 * the panel, which tells the modal (`PANEL_DONE`) to leave its view.
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type { FrameEvent } from "../../core/embedded/FrameProtocol.ts"
import { FrameSettings } from "./FrameSettings.ts"
import { HostEvents } from "./HostChannel.ts"
import { channelName, decodeFromPanel, type PanelContent, type ToPanel } from "./PanelChannel.ts"
import { randomId } from "./RandomId.ts"

type Done = Extract<FrameEvent["event"], { readonly type: "PANEL_DONE" }>
export type PanelOutcome = Done["outcome"]

export interface OpenPanel {
  readonly panelId: string
  /** Waits for the visitor's answer. */
  readonly outcome: Effect.Effect<PanelOutcome>
  /** Tells the modal the panel is done with `outcome` and stops listening. */
  readonly finish: (outcome: PanelOutcome) => Effect.Effect<void>
  /** Ends the panel from the frame's side before the visitor answered: the panel says so, the outcome is `closed`. */
  readonly end: Effect.Effect<void>
}

/**
 * Where panels are drawn: by the modal when the frame is its hidden iframe (the modal shows each panel's
 * page until `PANEL_DONE`), by the frame's page itself when it is the wallet's own window (WalletWindow.ts).
 */
export interface PanelDisplay {
  readonly show: (panelId: string) => void
  readonly remove: (panelId: string) => void
}

export const drawnByModal = (): PanelDisplay => ({ show: () => undefined, remove: () => undefined })

export class Panels extends Context.Service<Panels, {
  readonly open: (content: PanelContent) => Effect.Effect<OpenPanel>
  /**
   * Opens a panel that finishes by itself: once the visitor answers, `completed` runs (when that is the
   * answer) and the modal is told. A failure of `completed` is logged; the panel still finishes.
   */
  readonly present: (content: PanelContent, completed: Effect.Effect<void, unknown>) => Effect.Effect<OpenPanel>
}>()("portico/frame/app/Panels") {
  /**
   * `site`: the host's origin the frame's channel is bound to, which every panel names. `panelParent`:
   * the only origin whose panels are answered, the page framing them — the host in the modal, the
   * wallet's own origin in its window.
   */
  static readonly layer = (options: {
    readonly site: string
    readonly panelParent: string
    readonly display: (settings: FrameSettings["Service"]) => PanelDisplay
  }) =>
    Layer.effect(
      Panels,
      Effect.gen(function*() {
        const settings = yield* FrameSettings
        const display = options.display(settings)
        const events = yield* HostEvents
        const scope = yield* Effect.scope

        const open = (content: PanelContent) =>
          Effect.gen(function*() {
            const panelId = randomId()
            const answer = yield* Deferred.make<PanelOutcome>()
            const channel = new BroadcastChannel(channelName(panelId))
            let finished = false
            // A BroadcastChannel reaches this origin's documents only: there is no target origin to name.
            // oxlint-disable-next-line unicorn/require-post-message-target-origin
            const post = (message: ToPanel) => channel.postMessage(message)
            const settle = (outcome: PanelOutcome) => Deferred.doneUnsafe(answer, Exit.succeed(outcome))
            const approving = content.kind === "approve"

            channel.addEventListener("message", (event: MessageEvent) => {
              const message = Option.getOrUndefined(decodeFromPanel(event.data))
              if (message === undefined || message.panelId !== panelId) return
              switch (message.type) {
                case "OPENED":
                  if (message.parentOrigin === options.panelParent) {
                    post({ type: "CONTENT", panelId, content, settings: { ...Effect.runSync(settings.panelSettings), site: options.site } })
                  }
                  return
                case "DECIDED":
                  if (approving) settle(message.decision === "approve" ? "approved" : "rejected")
                  return
                case "FINISHED":
                  if (!approving) settle(message.outcome)
                  return
                case "CHOSEN":
                  // Only the account-type panel chooses; the choice is the frame's to keep before the modal hears of it.
                  if (content.kind !== "accountType") return
                  Effect.runSync(settings.chooseAccountType(message.accountType))
                  settle("completed")
                  return
              }
            })

            const finish = (outcome: PanelOutcome) =>
              Effect.suspend(() => {
                if (finished) return Effect.void
                finished = true
                channel.close()
                display.remove(panelId)
                return events.emit({ type: "PANEL_DONE", panelId, outcome })
              })

            const end = Effect.suspend(() => {
              if (finished) return Effect.void
              post({ type: "ENDED", panelId })
              settle("closed")
              return finish("closed")
            })

            display.show(panelId)
            return { panelId, outcome: Deferred.await(answer), finish, end } satisfies OpenPanel
          })

        const present = (content: PanelContent, completed: Effect.Effect<void, unknown>) =>
          Effect.tap(open(content), (opened) =>
            Effect.forkIn(
              Effect.gen(function*() {
                const outcome = yield* opened.outcome
                if (outcome === "completed") yield* Effect.ignore(completed, { log: true })
                yield* opened.finish(outcome)
              }),
              scope
            ))

        return Panels.of({ open, present })
      })
    )
}
