/**
 * The visible consent prompt of the injected demo wallets: a fixed-position panel in the page with the
 * request's text and two buttons, "Approve" and "Reject". Built with DOM APIs and textContent only, styled
 * through the CSSOM, so it works under a strict Content-Security-Policy. Requests queue: one panel at a time.
 */
import type { Approve, ApprovalRequest } from "./Approval.ts"

const style = (element: HTMLElement, rules: Partial<CSSStyleDeclaration>) => Object.assign(element.style, rules)

const button = (label: string, primary: boolean) => {
  const element = document.createElement("button")
  element.type = "button"
  element.textContent = label
  style(element, {
    flex: "1",
    padding: "10px 12px",
    borderRadius: "10px",
    border: primary ? "none" : "1px solid #c9ccd6",
    background: primary ? "#3b5bdb" : "#fff",
    color: primary ? "#fff" : "#1b1b2f",
    font: "600 14px system-ui, sans-serif",
    cursor: "pointer"
  })
  return element
}

const show = (request: ApprovalRequest): Promise<boolean> =>
  new Promise((resolve) => {
    const panel = document.createElement("section")
    panel.setAttribute("role", "alertdialog")
    panel.setAttribute("aria-label", `${request.wallet}: ${request.title}`)
    panel.dataset["demoWalletPrompt"] = request.wallet
    style(panel, {
      position: "fixed",
      right: "16px",
      bottom: "16px",
      zIndex: "2147483647",
      width: "340px",
      maxHeight: "70vh",
      overflow: "auto",
      boxSizing: "border-box",
      padding: "16px",
      borderRadius: "14px",
      background: "#fff",
      color: "#1b1b2f",
      boxShadow: "0 12px 40px rgba(0,0,0,.35)",
      font: "14px/1.4 system-ui, sans-serif"
    })
    const wallet = document.createElement("div")
    wallet.textContent = request.wallet
    style(wallet, { fontSize: "12px", color: "#5c5f70", textTransform: "uppercase", letterSpacing: ".04em" })
    const title = document.createElement("h2")
    title.textContent = request.title
    style(title, { margin: "4px 0 8px", fontSize: "17px" })
    const details = document.createElement("ul")
    style(details, { margin: "0 0 14px", padding: "0 0 0 18px", wordBreak: "break-all" })
    for (const line of request.details) {
      const item = document.createElement("li")
      item.textContent = line
      details.append(item)
    }
    const actions = document.createElement("div")
    style(actions, { display: "flex", gap: "8px" })
    const reject = button("Reject", false)
    const approve = button("Approve", true)
    actions.append(reject, approve)
    panel.append(wallet, title, details, actions)
    const answer = (approved: boolean) => () => {
      panel.remove()
      resolve(approved)
    }
    approve.addEventListener("click", answer(true))
    reject.addEventListener("click", answer(false))
    document.body.append(panel)
    approve.focus()
  })

/** An `Approve` that shows the panel; concurrent requests wait their turn. */
export const promptPanel = (): Approve => {
  let queue: Promise<unknown> = Promise.resolve()
  return (request) => {
    const answer = queue.then(() => show(request))
    queue = answer.catch(() => undefined)
    return answer
  }
}
