/**
 * The approve panel saying an ERC-7715 permission in words (frame/app/ApprovePanel.ts): who may spend how
 * much, how often and until when, the session key and the token, the site's reason; revocation said as
 * such; no axe violation.
 */
import axe from "axe-core"
import { describe, expect, it } from "vitest"
import * as ApprovePanel from "../../../frame/app/ApprovePanel.ts"
import type { ApprovalView } from "../../../frame/app/PanelChannel.ts"
import { en, fill } from "../../../frame/app/PanelStrings.ts"

const sessionKey = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
const permission = { token: "USDC (0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48)", amount: "10 USDC", periodSeconds: 86_400, until: 1_764_331_200, spender: sessionKey, justification: "Daily top-up" }

const view = (action: "grant" | "revoke"): ApprovalView => ({
  method: action === "grant" ? "wallet_requestExecutionPermissions" : "wallet_revokeExecutionPermission",
  chainId: "eip155:1",
  network: "Ethereum",
  from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  smartAccount: { upgrade: false, implementation: "0xe6Cae83BdE06E4c305530e199D7217f42808555B" },
  fee: "0.0002 ETH",
  permissions: { action, granted: [permission] }
})

const rendered = (action: "grant" | "revoke") => {
  const root = document.createElement("main")
  document.body.replaceChildren(root)
  ApprovePanel.render(root, fill("en", en), "https://shop.example", view(action), () => undefined, undefined)
  return root
}

describe("the approve panel's permissions", () => {
  it("says the grant in words, with the session key, the token and the site's reason", async () => {
    const root = rendered("grant")
    expect(root.querySelector("h1, h2")?.textContent).toBe("Grant a spending permission")
    const sentence = root.querySelector("[data-permission=grant]")?.textContent ?? ""
    expect(sentence).toMatch(/^Let https:\/\/shop\.example spend up to 10 USDC per day from this account until .*2025/)
    expect(root.textContent).toContain(sessionKey)
    expect(root.textContent).toContain("USDC (0xA0b8")
    expect(root.textContent).toContain("Daily top-up")
    expect(root.textContent).toContain("You can withdraw this permission at any time")
    const results = await axe.run(root, { resultTypes: ["violations"] })
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })

  it("says a revocation as one", () => {
    const root = rendered("revoke")
    expect(root.querySelector("h1, h2")?.textContent).toBe("Withdraw a spending permission")
    expect(root.querySelector("[data-permission=revoke]")?.textContent).toBe("https://shop.example will no longer be able to spend up to 10 USDC per day from this account.")
    expect(root.querySelector("[data-permission=grant]")).toBeNull()
  })
})
