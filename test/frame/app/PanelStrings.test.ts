/**
 * The panels' templates filled in the visitor's locale: the English words as the panels always said
 * them, plurals by the locale's rules, values isolated right to left, and a refused simulation without
 * the network's words ending at its own full stop.
 */
import { describe, expect, it } from "vitest"
import { en, fill, loadTable } from "../../../frame/app/PanelStrings.ts"

describe("PanelStrings.fill", () => {
  it("says English as the panels did", () => {
    const words = fill("en", en)
    expect(words.otp.wrong(1)).toBe("That code is not right. 1 try left.")
    expect(words.otp.wrong(2)).toBe("That code is not right. 2 tries left.")
    expect(words.otp.sentToNew("ada@example.test")).toBe("Now type the 6-digit code we sent to ada@example.test.")
    expect(words.approve.transaction(1, 3)).toBe("Transaction 1 of 3")
    expect(words.approve.unknownNetwork("eip155:9")).toBe("Unknown network (eip155:9)")
    expect(words.trust.markerIntro("🦊")).toContain("on this browser is 🦊.")
    expect(words.intent.simulationReverted("")).toBe("The simulation failed: this request would most likely fail.")
    // 28 Nov 2025, 12:00 UTC: the date is said in the visitor's own time zone, so only its parts that cannot move are checked.
    const grant = words.approve.permissionGrant("https://shop.example", "10 USDC", 86_400, 1_764_331_200)
    expect(grant).toMatch(/^Let https:\/\/shop\.example spend up to 10 USDC per day from this account until .*Nov.*2025.*\.$/)
    expect(words.approve.permissionRevoke("https://shop.example", "10 USDC", 7 * 86_400)).toBe("https://shop.example will no longer be able to spend up to 10 USDC every 7 days from this account.")
    expect(words.approve.permissionRevoke("s", "1 DAI", 3600)).toContain("per hour")
    expect(words.approve.permissionRevoke("s", "1 DAI", 90)).toContain("every 90 seconds")
    expect(words.intent.simulationReverted("out of gas")).toBe("The simulation failed: this request would most likely fail. out of gas")
  })

  it("picks the locale's plural and isolates values right to left", async () => {
    const german = fill("de", await loadTable("de"))
    expect(german.otp.wrong(1)).toBe("Dieser Code stimmt nicht. Noch 1 Versuch.")
    expect(german.otp.wrong(3)).toBe("Dieser Code stimmt nicht. Noch 3 Versuche.")
    const arabic = fill("ar", await loadTable("ar"))
    expect(arabic.otp.wrong(2)).toContain("محاولتان")
    expect(arabic.otp.sentToNew("ada@example.test")).toContain("\u2068ada@example.test\u2069")
    expect(arabic.intent.simulationReverted("").endsWith("الطلب.")).toBe(true)
    expect(german.approve.permissionRevoke("s", "1 DAI", 86_400)).toContain("pro Tag")
    expect(german.approve.permissionRevoke("s", "1 DAI", 2 * 86_400)).toContain("alle 2 Tage")
    expect(arabic.approve.permissionRevoke("s", "1 DAI", 2 * 86_400)).toContain("كل يومين")
  })
})
