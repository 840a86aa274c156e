/**
 * Every failure a visitor can meet is said in the page's language (the compiler keeps errorText's table
 * total; this checks the words): each translated text differs in German, the fixed-wording toasts carry a
 * translated tag, 'Invalid address' is German in German, and a failure's numbers and names come from its
 * own fields, never from its English text.
 */
import { describe, expect, it } from "vitest"
import * as Cooldown from "../../../core/Cooldown.ts"
import * as ErrorCatalogue from "../../../core/ErrorCatalogue.ts"
import * as Amount from "../../../core/send/Amount.ts"
import * as Receiver from "../../../core/send/Receiver.ts"
import * as SwapGuards from "../../../core/swap/SwapGuards.ts"
import { en } from "../../../ui/i18n/en.ts"
import de from "../../../ui/i18n/locales/de.ts"
import { translator } from "../../../ui/i18n/Messages.ts"
import { asFailure } from "../../../ui/modal/components/asFailure.ts"
import { byTag, errorText } from "../../../ui/modal/components/errorText.ts"

describe("errorText", () => {
  it("has a German text of its own for every failure it names by key", () => {
    const same = Object.values(byTag).filter((words) => typeof words === "string" && de[words] === en[words])
    expect(same).toEqual([])
  })

  it("gives the fixed-wording toasts a translated tag", () => {
    for (const toast of ErrorCatalogue.toasts) expect(Object.keys(byTag)).toContain(toast.errorTag)
    expect(errorText({ _tag: "TokenBalanceUnavailable", message: "Token Balance Unavailable" }, translator("de", de))).toBe(de.tokenBalanceUnavailable)
  })

  it("says a wallet's refusal toasted by its tag in German, and keeps an unknown tag's own words", () => {
    const german = translator("de", de)
    expect(errorText({ _tag: "PermissionExpiredError", message: "The permission request has expired" }, german)).toBe(de.errorPermissionExpired)
    expect(errorText({ _tag: "SponsorshipRefusedError", message: "The app's sponsor refused to pay the network fee" }, german)).toBe(de.errorSponsorshipRefused)
    expect(errorText({ _tag: "WalletServiceUnavailableError", message: "The bundler is unreachable" }, german)).toBe(de.errorWalletServiceUnavailable)
    // Only the table's own entries: a tag named after Object's prototype is no entry.
    expect(errorText({ _tag: "constructor", message: "the host's words" }, german)).toBe("the host's words")
  })

  it("says 'Invalid address' in German", () => {
    expect(errorText(new Receiver.InvalidReceiverError({ input: "0x12", message: "Invalid address" }), translator("de", de))).toBe(de.errorReceiverAddress)
  })

  it("reads numbers and names from the failure's fields, whatever its English text says, also once the engine rejected with it", () => {
    const german = translator("de", de)
    const cooldown = new Cooldown.EmailCooldownError({ seconds: 7, message: "Please try again after 12 seconds" })
    expect(errorText(cooldown, german)).toBe("Bitte versuche es in 7 Sekunden erneut")
    const refusal = new Amount.InsufficientBalanceError({ symbol: "USDC" })
    expect(errorText(asFailure(refusal), german)).toBe(de.errorInsufficientBalance.replace("{symbol}", "USDC"))
    const impact = new SwapGuards.SwapPriceImpactTooHighError({ impact: "7.5" })
    expect(errorText(asFailure(impact), translator("en", en))).toBe(en.swapHighImpact.replace("{impact}", "7.5%"))
    expect(errorText(asFailure(impact), translator("tr", en))).toContain("%7,5")
  })
})
