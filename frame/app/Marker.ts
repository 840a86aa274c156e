/**
 * The visitor's anti-phishing sign (docs/embedded-wallet.md "What the host page can and cannot do"): two
 * pictures and a four-digit number drawn at random when the wallet is set up or recovered on this browser,
 * kept in this origin's storage and shown at the top of every panel. A host page cannot read the wallet's
 * origin, so a look-alike prompt it draws itself cannot show the visitor's sign.
 *
 * It is a reminder for the visitor, not a secret the wallet relies on: nothing is unlocked with it.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

const storageKey = "portico-embedded-marker"

/** 32 pictures that read the same in every language. */
const pictures = [
  "🦊", "🐙", "🦉", "🐢", "🦋", "🐝", "🐳", "🦔", "🌵", "🌻", "🍄", "🌙", "⭐", "🔥", "🌊", "⚓",
  "🎈", "🎲", "🎸", "🚲", "⛵", "🚀", "🔑", "💎", "🍋", "🍒", "🥕", "🧩", "🪁", "🛶", "🏔️", "🌈"
] as const

export const Marker = Schema.String.check(Schema.isMaxLength(40), Schema.makeFilter((text) => /^\S+ \S+ \d{4}$/u.test(text)))

/** A fresh sign: 32 × 32 × 10,000 possibilities, from the platform's cryptographic randomness. */
export const draw = (): string => {
  const [first = 0, second = 0, number = 0] = crypto.getRandomValues(new Uint32Array(3))
  return `${pictures[first % pictures.length]} ${pictures[second % pictures.length]} ${String(number % 10_000).padStart(4, "0")}`
}

/** The sign kept on this browser, if any (and none when storage is refused). */
export const read = (): Option.Option<string> => {
  try {
    return Schema.decodeUnknownOption(Marker)(localStorage.getItem(storageKey))
  } catch {
    // Storage refused: no sign to show, which the panel says.
    return Option.none()
  }
}

/** The sign kept on this browser, drawn and kept first when there is none. */
export const ensure = (): Option.Option<string> => {
  const kept = read()
  if (Option.isSome(kept)) return kept
  const fresh = draw()
  try {
    localStorage.setItem(storageKey, fresh)
    return Option.some(fresh)
  } catch {
    return Option.none()
  }
}
