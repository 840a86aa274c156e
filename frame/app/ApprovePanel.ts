/**
 * The approve panel: what the request asks (method, network, accounts, amounts, the decoded call or the
 * message or typed data, the network fee) and the two buttons that decide it. The buttons exist only here,
 * on the frame's origin: the host's page cannot reach into this document to press them, and Approve acts
 * only once the browser proved the panel shown and the visitor's pointer or focus steady (Decisive.ts),
 * else the decision moves to the wallet's window (`openWindow`, absent when this already is that window).
 */
import * as Decisive from "./Decisive.ts"
import { button, el, show, type Child } from "./Dom.ts"
import type { ApprovalView, TransactionView } from "./PanelChannel.ts"
import type { PanelStrings } from "./PanelStrings.ts"

type Strings = PanelStrings["approve"]

const row = (label: string, value: Child): ReadonlyArray<Node> => [el("dt", {}, label), el("dd", {}, value)]

const transactionRows = (strings: Strings, transaction: TransactionView): ReadonlyArray<Node> => [
  ...row(strings.to, el("span", { class: "mono" }, transaction.to ?? strings.contractCreation)),
  ...row(strings.value, transaction.value),
  ...(transaction.decoded === undefined
    ? []
    : row(
      strings.call,
      el("span", { class: "mono" }, `${transaction.decoded.functionName}(${transaction.decoded.args.map((arg) => `${arg.name}: ${arg.value}`).join(", ")})`)
    ))
]

const transactionBlock = (strings: Strings, transaction: TransactionView, index: number, count: number): ReadonlyArray<Node> => [
  ...(count > 1 ? [el("p", { class: "muted" }, strings.transaction(index + 1, count))] : []),
  el("dl", {}, ...transactionRows(strings, transaction)),
  ...(transaction.data === undefined ? [] : [el("details", {}, el("summary", {}, strings.data), el("pre", {}, transaction.data))])
]

export const render = (
  root: HTMLElement,
  all: PanelStrings,
  view: ApprovalView,
  decide: (decision: "approve" | "reject") => void,
  openWindow: (() => void) | undefined
): void => {
  const strings = all.approve
  const status = el("p", { role: "status", class: "success" })
  const actions = el("div", { class: "actions" })
  const decisive = Decisive.make(all, openWindow)
  const choose = (decision: "approve" | "reject") => () => {
    for (const control of actions.querySelectorAll("button")) control.disabled = true
    decisive.stop()
    status.textContent = decision === "approve" ? strings.approved : strings.rejected
    decide(decision)
  }
  // Rejecting needs no guard: a disguised click on it only refuses.
  actions.append(button(strings.reject, choose("reject")), decisive.button(strings.approve, choose("approve"), "primary"))
  const transactions = view.transactions ?? []
  show(
    root,
    strings.titles[view.method] ?? strings.fallbackTitle,
    el("dl", {}, ...row(strings.network, view.chainId), ...row(strings.from, el("span", { class: "mono" }, view.from))),
    ...(view.message === undefined ? [] : [el("p", { class: "muted" }, strings.message), el("pre", {}, view.message)]),
    ...(view.typedData === undefined
      ? []
      : [
        el("dl", {}, ...row(strings.typedDataType, view.typedData.primaryType)),
        el("details", {}, el("summary", {}, strings.domain), el("pre", {}, view.typedData.domain)),
        el("p", { class: "muted" }, strings.message),
        el("pre", {}, view.typedData.message)
      ]),
    ...transactions.flatMap((transaction, index) => transactionBlock(strings, transaction, index, transactions.length)),
    ...(view.solanaTransactions ?? []).flatMap((transaction, index, list) => [
      ...(list.length > 1 ? [el("p", { class: "muted" }, strings.transaction(index + 1, list.length))] : []),
      el("dl", {}, ...row(strings.programs, el("span", { class: "mono" }, transaction.programs.join("\n"))))
    ]),
    ...(view.fee === undefined ? [] : [el("dl", {}, ...row(strings.fee, view.fee))]),
    actions,
    decisive.notice,
    status
  )
}
