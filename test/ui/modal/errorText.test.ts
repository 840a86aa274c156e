/**
 * Every failure a visitor can meet is said in the page's language: each of core's error classes is either
 * in the view's translation table or named here as one that never reaches a view (with why), each
 * translated text differs in German, the fixed-wording toasts carry a translated tag, and a failure's
 * numbers come from its own fields, never from its English text.
 */
import { describe, expect, it } from "vitest"
import * as Address from "../../../core/Address.ts"
import * as Cooldown from "../../../core/Cooldown.ts"
import * as ErrorCatalogue from "../../../core/ErrorCatalogue.ts"
import * as Receiver from "../../../core/send/Receiver.ts"
import { de } from "../../../ui/i18n/de.ts"
import { en } from "../../../ui/i18n/en.ts"
import { translator } from "../../../ui/i18n/Messages.ts"
import { byTag, errorText } from "../../../ui/modal/components/errorText.ts"

/** Failures that reach the host's code or our server, never a view of the modal. */
const neverShown: Readonly<Record<string, string>> = {
  InvalidCaipNetworkIdError: "the host's configuration",
  InvalidCaipAddressError: "the host's configuration",
  InvalidOriginPatternError: "the server's project settings",
  SignInConfigError: "the host's configuration",
  InvalidThemeModeError: "the host's configuration",
  UnsupportedSocialProviderError: "the host's configuration",
  SignInMessageParseError: "the sign-in verifier (the host's or our server)",
  SignInRejectedError: "the sign-in verifier (the host's or our server)",
  CallMissingToError: "a host's wallet_sendCalls, rejected to the host",
  CallDataNotHexError: "a host's wallet_sendCalls, rejected to the host",
  StorageWriteError: "ignored where written; the sign-in provider wraps it",
  EnvelopeError: "WalletConnect's protocol layer; the connector reports ConnectorError",
  PairingUriError: "WalletConnect's protocol layer; the connector reports ConnectorError",
  PeerKeyError: "WalletConnect's protocol layer; the connector reports ConnectorError",
  PeerError: "WalletConnect's protocol layer; the connector reports ConnectorError",
  RelayError: "WalletConnect's protocol layer; the attempt reports RelayUnreachableError",
  RpcError: "the wallet's own words for a code, shown as they came",
  UnknownWalletError: "the wallet's own words, shown as they came",
  EmbeddedFrameRequestError: "the frame's own words (in the page's locale) or its reason's translation"
}

describe("errorText", () => {
  it("knows every failure of core that a view can show, and says why the others never reach one", () => {
    const untranslated = ErrorCatalogue.errors.map((item) => item.tag).filter((tag) => byTag[tag] === undefined && neverShown[tag] === undefined)
    expect(untranslated).toEqual([])
    expect(Object.keys(neverShown).filter((tag) => byTag[tag] !== undefined)).toEqual([])
  })

  it("has a German text of its own for every failure it translates", () => {
    const same = Object.values(byTag).filter((key) => de[key] === en[key])
    expect(same).toEqual([])
  })

  it("gives the fixed-wording toasts a translated tag", () => {
    for (const toast of ErrorCatalogue.toasts) expect(byTag[toast.errorTag]).toBeDefined()
  })

  it("says 'Invalid address' in German", () => {
    const german = translator(de)
    expect(errorText(new Address.InvalidAddressError({ namespace: "eip155", address: "0x12" }), german)).toBe("Ungültige Adresse")
    expect(errorText(new Receiver.InvalidReceiverError({ input: "0x12", message: "Invalid address" }), german)).toBe(de.errorReceiverInvalid)
  })

  it("reads the cooldown's seconds from its field, whatever its English text says", () => {
    const cooldown = new Cooldown.EmailCooldownError({ seconds: 7, message: "Please try again after 12 seconds" })
    expect(errorText(cooldown, translator(de))).toBe("Bitte versuchen Sie es in 7 Sekunden erneut")
  })
})
