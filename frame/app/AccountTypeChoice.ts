/**
 * The visitor's own choice of account type (docs/embedded-wallet.md "Smart accounts"): a smart account
 * where the network has a bundler, or a plain account everywhere. Made in the frame's account-type panel
 * and kept in this origin's storage, so a host page can neither read nor set it; the host's
 * `SET_PREFERRED_ACCOUNT` only stands in while the visitor has not chosen.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { EmbeddedAccountType } from "../../core/EmbeddedUser.ts"

const storageKey = "portico-embedded-account-type"

const decode = Schema.decodeUnknownOption(EmbeddedAccountType)

/** The choice kept on this browser, none when the visitor never chose or storage is refused. */
export const read = (): Option.Option<EmbeddedAccountType> => {
  try {
    return decode(localStorage.getItem(storageKey))
  } catch {
    // Storage refused: the choice lasts as long as the frame (FrameSettings holds it).
    return Option.none()
  }
}

/** Keeps `type` on this browser, where storage is allowed. */
export const keep = (type: EmbeddedAccountType): void => {
  try {
    localStorage.setItem(storageKey, type)
  } catch {
    // Storage refused: the choice lasts as long as the frame.
  }
}
