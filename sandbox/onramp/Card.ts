/**
 * The sandbox's test cards, as card processors' test modes have them: 4242 4242 4242 4242 pays and
 * 4000 0000 0000 0002 is declined; the expiry must be this month or later and the CVC three digits.
 * Nothing else is a card here.
 */

export type CardField = "card_number" | "expiry" | "cvc"

export type CardOutcome =
  | { readonly _tag: "Approved" }
  | { readonly _tag: "Declined"; readonly message: string }
  | { readonly _tag: "Invalid"; readonly field: CardField; readonly message: string }

export interface CardEntry {
  readonly number: string
  /** `MM/YY`. */
  readonly expiry: string
  readonly cvc: string
}

export const payingCard = "4242424242424242"
export const decliningCard = "4000000000000002"

const invalid = (field: CardField, message: string): CardOutcome => ({ _tag: "Invalid", field, message })

export const checkCard = (entry: CardEntry, now: Date): CardOutcome => {
  const number = entry.number.replace(/[\s-]/g, "")
  if (!/^\d{16}$/.test(number)) return invalid("card_number", "Enter the card's 16 digits.")
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(entry.expiry.trim())
  const month = Number(expiry?.[1])
  if (expiry === null || month < 1 || month > 12) return invalid("expiry", "Enter the expiry as MM/YY.")
  // A card is good through the last day of its expiry month.
  const year = 2000 + Number(expiry[2])
  if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) return invalid("expiry", "This card has expired.")
  if (!/^\d{3}$/.test(entry.cvc.trim())) return invalid("cvc", "Enter the 3-digit security code.")
  if (number === decliningCard) return { _tag: "Declined", message: "Your card was declined. Try another card." }
  if (number === payingCard) return { _tag: "Approved" }
  return invalid("card_number", "This sandbox takes its test cards only: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.")
}
