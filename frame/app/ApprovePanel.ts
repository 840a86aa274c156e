/**
 * The approve panel: what the request asks (method, the network by name, the account, what each call or
 * instruction does and what the simulation says it changes — ApprovalRows.ts —, the message or typed data,
 * whether anything was cut, the network fee) and the two buttons that decide it. The buttons exist only here,
 * on the frame's origin: the host's page cannot reach into this document to press them, and Approve acts
 * only once the browser proved the panel shown and the visitor's pointer or focus steady (Decisive.ts),
 * else the decision moves to the wallet's window (`openWindow`, absent when this already is that window).
 */
import * as Decisive from "./Decisive.ts"
import { instructionRows, intentRows, permitRows, row, simulationRows } from "./ApprovalRows.ts"
import { button, el, show } from "./Dom.ts"
import type { ApprovalView, PermissionView, TransactionView } from "./PanelChannel.ts"
import type { PanelStrings } from "./PanelStrings.ts"

type Strings = PanelStrings["approve"]

const transactionBlock = (all: PanelStrings, transaction: TransactionView, index: number, count: number): ReadonlyArray<Node> => {
  const strings = all.approve
  return [
    ...(count > 1 ? [el("p", { class: "muted" }, strings.transaction(index + 1, count))] : []),
    el("dl", {}, ...row(strings.to, el("span", { class: "mono" }, transaction.to ?? strings.contractCreation)), ...row(strings.value, transaction.value)),
    ...(transaction.intent === undefined ? [] : intentRows(all.intent, transaction.intent)),
    // Data the wallet cannot read is said to be unread, not passed over.
    ...(transaction.data !== undefined && transaction.intent === undefined ? [el("p", { class: "warning", role: "note", "data-unreadable": "" }, strings.unreadable)] : []),
    ...(transaction.data === undefined ? [] : [el("details", {}, el("summary", {}, strings.data), el("pre", {}, transaction.data))])
  ]
}

/** The request's own lines: its message, typed data, transactions or Solana instructions. */
const body = (all: PanelStrings, view: ApprovalView): ReadonlyArray<Node> => {
  const strings: Strings = all.approve
  const transactions = view.transactions ?? []
  return [
    ...(view.message === undefined ? [] : [el("p", { class: "muted" }, strings.message), el("pre", {}, view.message)]),
    ...(view.typedData === undefined
      ? []
      : [
        ...(view.typedData.permits ?? []).flatMap((permit) => permitRows(all.intent, permit)),
        el("dl", {}, ...row(strings.typedDataType, view.typedData.primaryType)),
        el("details", {}, el("summary", {}, strings.domain), el("pre", {}, view.typedData.domain)),
        el("p", { class: "muted" }, strings.message),
        el("pre", {}, view.typedData.message)
      ]),
    ...transactions.flatMap((transaction, index) => transactionBlock(all, transaction, index, transactions.length)),
    ...(view.solanaTransactions ?? []).flatMap((transaction, index, list) => [
      ...(list.length > 1 ? [el("p", { class: "muted" }, strings.transaction(index + 1, list.length))] : []),
      ...transaction.instructions.flatMap((instruction) => instructionRows(all.intent, instruction)),
      el("dl", {}, ...row(all.intent.writable, el("span", { class: "mono" }, transaction.writable.join("\n"))))
    ]),
    ...(view.truncated === true ? [el("p", { class: "flag", role: "note", "data-truncated": "" }, strings.truncated)] : []),
    ...(view.simulation === undefined ? [] : simulationRows(all.intent, view.simulation)),
    ...(view.fee === undefined ? [] : [el("dl", {}, ...row(strings.fee, view.fee))]),
    ...(view.sponsored === true ? [el("dl", {}, ...row(strings.fee, el("span", { "data-sponsored": "" }, strings.sponsored)))] : [])
  ]
}

/** ERC-7715 permissions in words: who may spend how much, how often, until when; and that it can be withdrawn. */
const permissionLines = (all: PanelStrings, site: string, permissions: NonNullable<ApprovalView["permissions"]>): ReadonlyArray<Node> => {
  const strings = all.approve
  const sentence = (permission: PermissionView) =>
    permissions.action === "grant"
      ? strings.permissionGrant(site, permission.amount, permission.periodSeconds, permission.until)
      : strings.permissionRevoke(site, permission.amount, permission.periodSeconds)
  return [
    ...permissions.granted.flatMap((permission) => [
      el("p", { class: permissions.action === "grant" ? "flag" : "muted", "data-permission": permissions.action }, sentence(permission)),
      el(
        "dl",
        {},
        ...row(strings.permissionSpender, el("span", { class: "mono" }, permission.spender)),
        ...row(all.intent.token, el("span", { class: "mono" }, permission.token)),
        ...(permission.justification === undefined ? [] : row(strings.permissionReason, permission.justification))
      )
    ]),
    ...(permissions.action === "grant" ? [el("p", { class: "muted" }, strings.permissionNote)] : [])
  ]
}

/** Which account acts: the smart account (and, the first time, what upgrading it means), or one delegated elsewhere. */
const accountLines = (strings: Strings, view: ApprovalView): ReadonlyArray<Node> => [
  ...(view.smartAccount === undefined
    ? []
    : [
      ...(view.smartAccount.upgrade ? [el("p", { class: "flag", role: "note", "data-upgrade": "" }, strings.upgrade)] : []),
      el("dl", {}, ...row(strings.smartAccount, el("span", {}, strings.implementation, el("br", {}), el("span", { class: "mono" }, view.smartAccount.implementation)))),
      el("p", { class: "muted", "data-atomic": "" }, strings.atomic)
    ]),
  ...(view.delegatedElsewhere === undefined
    ? []
    : [el("p", { class: "warning", role: "note", "data-delegated-elsewhere": "" }, strings.delegatedElsewhere, ...(view.delegatedElsewhere === "" ? [] : [el("br", {}), el("span", { class: "mono" }, view.delegatedElsewhere)]))])
]

export const render = (
  root: HTMLElement,
  all: PanelStrings,
  site: string,
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
  show(
    root,
    view.permissions === undefined ? strings.titles[view.method] ?? strings.fallbackTitle : view.permissions.action === "grant" ? strings.grantTitle : strings.revokeTitle,
    el("dl", {}, ...row(strings.network, view.network ?? strings.unknownNetwork(view.chainId)), ...row(strings.from, el("span", { class: "mono" }, view.from))),
    ...(view.permissions === undefined ? [] : permissionLines(all, site, view.permissions)),
    ...accountLines(strings, view),
    ...body(all, view),
    actions,
    decisive.notice,
    status
  )
}
