/**
 * The people a tester signs in as at the sandbox's identity providers: a few ready-made ones, or any
 * "Name <email>" typed on the sign-in page. Every identifier is derived from the email address, so the
 * same account keeps the same subject (and the same Portico visitor) across restarts of the sandbox.
 */
import { createHash } from "node:crypto"
import { isValid } from "../../core/EmailFormat.ts"

export interface Account {
  readonly name: string
  readonly email: string
}

export const presetAccounts: ReadonlyArray<Account> = [
  { name: "Alice", email: "alice@example.test" },
  { name: "Bob", email: "bob@example.test" },
  { name: "Carol", email: "carol@example.test" }
]

const maxNameLength = 100

/** `Alice <alice@example.test>`, or a bare address (named after its local part); undefined if neither. */
export const parseAccount = (text: string): Account | undefined => {
  const trimmed = text.trim()
  const named = /^([^<>]{1,200})<([^<>\s]+)>$/.exec(trimmed)
  const name = (named?.[1] ?? "").trim()
  const email = (named?.[2] ?? trimmed).toLowerCase()
  if (!isValid(email) || name.length > maxNameLength) return undefined
  return { name: name === "" ? email.slice(0, email.indexOf("@")) : name, email }
}

export const formatAccount = (account: Account): string => `${account.name} <${account.email}>`

const digest = (account: Account): Buffer => createHash("sha256").update(`portico-sandbox:${account.email}`).digest()

/** The OpenID subject: opaque and stable, as real providers issue them. */
export const subjectOf = (account: Account): string => digest(account).subarray(0, 12).toString("hex")

/** The numeric user id a plain OAuth 2.0 provider (GitHub, Discord) returns: 48 bits, a safe integer. */
export const numericIdOf = (account: Account): number => digest(account).readUIntBE(0, 6)

/** A username from the address's local part, as GitHub logins look. */
export const loginOf = (account: Account): string =>
  account.email.slice(0, account.email.indexOf("@")).replace(/[^a-z0-9-]+/g, "-")
