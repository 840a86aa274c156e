/**
 * The approve panel's account of what a request does (docs/embedded-wallet.md "Readable approvals"): each
 * EVM call or Solana instruction as an action with its token, amounts and parties; Permit and Permit2
 * signatures as the spending they allow; what the simulation says changes for the visitor, or that it
 * could not be run. Unlimited approvals and whole-collection approvals carry a warning. Everything is set
 * as text: names and symbols come from tokens, which may say anything.
 */
import { el, type Child } from "./Dom.ts"
import type { InstructionView, IntentView, PermitView, SimulationView } from "./PanelChannel.ts"
import type { PanelStrings } from "./PanelStrings.ts"

type Strings = PanelStrings["intent"]

export const row = (label: string, value: Child): ReadonlyArray<Node> => [el("dt", {}, label), el("dd", {}, value)]
const mono = (text: string) => el("span", { class: "mono" }, text)
const flag = (text: string) => el("p", { class: "flag", role: "note", "data-flag": "" }, text)

/** An action's rows, and the warning it needs. */
const block = (action: string, rows: ReadonlyArray<ReadonlyArray<Node>>, warning?: string): ReadonlyArray<Node> => [
  el("div", { class: "intent", "data-intent": "" }, el("p", {}, el("strong", {}, action)), el("dl", {}, ...rows.flat())),
  ...(warning === undefined ? [] : [flag(warning)])
]

export const intentRows = (strings: Strings, intent: IntentView): ReadonlyArray<Node> => {
  switch (intent.kind) {
    case "transfer":
      return block(strings.transfer, [
        row(strings.token, mono(intent.token)),
        row(strings.amount, intent.amount),
        ...(intent.from === undefined ? [] : [row(strings.sender, mono(intent.from))]),
        row(strings.recipient, mono(intent.to))
      ])
    case "approve":
      return block(strings.approve, [row(strings.token, mono(intent.token)), row(strings.spender, mono(intent.spender)), row(strings.amount, intent.amount)], intent.unlimited ? strings.unlimited : undefined)
    case "nftApprove":
      return block(strings.nftApprove, [row(strings.token, mono(intent.token)), row(strings.items, intent.id), row(strings.spender, mono(intent.spender))])
    case "nftTransfer":
      return block(strings.nftTransfer, [row(strings.token, mono(intent.token)), row(strings.items, intent.items), row(strings.sender, mono(intent.from)), row(strings.recipient, mono(intent.to))])
    case "approvalForAll":
      return intent.approved
        ? block(strings.approvalForAll, [row(strings.token, mono(intent.token)), row(strings.operator, mono(intent.operator))], strings.wholeCollection)
        : block(strings.revokeAll, [row(strings.token, mono(intent.token)), row(strings.operator, mono(intent.operator))])
  }
}

export const permitRows = (strings: Strings, permit: PermitView): ReadonlyArray<Node> =>
  block(permit.kind === "permit" ? strings.permit : strings.permit2, [
    row(strings.token, mono(permit.token)),
    row(strings.spender, mono(permit.spender)),
    row(strings.amount, permit.amount),
    ...(permit.until === undefined ? [] : [row(strings.until, permit.until)])
  ], permit.unlimited ? strings.unlimited : undefined)

export const instructionRows = (strings: Strings, instruction: InstructionView): ReadonlyArray<Node> => {
  switch (instruction.kind) {
    case "solTransfer":
      return block(strings.solTransfer, [row(strings.amount, instruction.amount), row(strings.sender, mono(instruction.from)), row(strings.recipient, mono(instruction.to))])
    case "tokenTransfer":
      return block(strings.transfer, [
        ...(instruction.mint === undefined ? [] : [row(strings.token, mono(instruction.mint))]),
        row(strings.amount, instruction.amount),
        row(strings.sender, mono(instruction.source)),
        row(strings.recipient, mono(instruction.destination)),
        row(strings.authority, mono(instruction.authority))
      ])
    case "tokenApprove":
      return block(strings.approve, [row(strings.spender, mono(instruction.delegate)), row(strings.amount, instruction.amount), row(strings.sender, mono(instruction.source))], instruction.unlimited ? strings.unlimited : undefined)
    case "program":
      return block(strings.program, [row(strings.action, mono(instruction.program))])
  }
}

export const simulationRows = (strings: Strings, simulation: SimulationView): ReadonlyArray<Node> => {
  switch (simulation.status) {
    case "unavailable":
      return [el("p", { class: "warning", role: "note", "data-simulation": "unavailable" }, strings.simulationUnavailable)]
    case "reverted":
      return [flag(strings.simulationReverted(simulation.reason))]
    case "done":
      return [
        el("p", { class: "muted" }, strings.changes),
        simulation.changes.length === 0
          ? el("p", { "data-simulation": "done" }, strings.noChanges)
          : el("dl", { "data-simulation": "done" }, ...simulation.changes.flatMap((change) => row(change.asset, change.amount)))
      ]
  }
}
