/**
 * The account-type panel (docs/embedded-wallet.md "Smart accounts"), opened from the modal's Account view:
 * the visitor keeps a smart account (where the network has a bundler) or stays a plain account. The choice
 * is made here, on the wallet's origin, and sent to the frame, which keeps it; the host page only hears
 * that the panel is done.
 */
import type { EmbeddedAccountType } from "../../core/EmbeddedUser.ts"
import { button, el, show } from "./Dom.ts"
import type { PanelContent } from "./PanelChannel.ts"
import type { PanelStrings } from "./PanelStrings.ts"

type Content = Extract<PanelContent, { readonly kind: "accountType" }>

/** One choice: a radio button labelled with what the account type does. */
const option = (type: EmbeddedAccountType, text: string, checked: boolean, disabled: boolean) => {
  const input = el("input", { type: "radio", name: "account-type", value: type, id: `account-type-${type}` })
  input.checked = checked
  input.disabled = disabled
  return { input, row: el("div", { class: "choice" }, input, el("label", { for: input.id }, text)) }
}

export const render = (
  root: HTMLElement,
  all: PanelStrings,
  content: Content,
  choose: (type: EmbeddedAccountType) => void,
  close: () => void
): void => {
  const strings = all.approve
  const smart = option("smartAccount", strings.smartChoice, content.current === "smartAccount", !content.smartAvailable)
  const plain = option("eoa", strings.plainChoice, content.current === "eoa" || !content.smartAvailable, false)
  show(
    root,
    strings.accountType,
    el("fieldset", {}, el("legend", { class: "muted" }, strings.accountType), smart.row, plain.row),
    ...(content.smartAvailable ? [] : [el("p", { class: "muted", role: "note" }, strings.smartUnavailable)]),
    el(
      "div",
      { class: "actions" },
      button(strings.cancelChoice, close),
      button(strings.saveChoice, () => choose(smart.input.checked ? "smartAccount" : "eoa"), "primary")
    )
  )
}
