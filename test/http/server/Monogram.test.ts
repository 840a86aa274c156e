/**
 * Generated wallet and token images: initials, a stable colour, and labels escaped (a wallet name from
 * the registry never becomes markup).
 */
import { describe, expect, it } from "vitest"
import { initials, monogram } from "../../../http/server/Monogram.ts"

describe("monogram", () => {
  it("takes the initials of two words, camelCase included, else the first two characters", () => {
    expect([initials("Trust Wallet"), initials("MetaMask"), initials("USDC"), initials("okx-wallet"), initials("x")]).toEqual(["TW", "MM", "US", "OW", "X"])
  })

  it("escapes the label", () => {
    const svg = monogram(`<script>alert("x")</script>`)
    expect(svg).not.toContain("<script>")
    expect(svg).toContain("&#60;script&#62;")
  })

  it("is stable for a label", () => {
    expect(monogram("Rainbow")).toBe(monogram("Rainbow"))
  })
})
