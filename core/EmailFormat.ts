/**
 * The email format of spec §5 "Email", without Schema: the Connect view checks what the visitor types
 * before the engine has loaded, and `Email.ts`'s Schema is built on this same pattern.
 */

// One `@`, a non-empty local part, dot-separated domain labels that neither start nor end
// with a hyphen, and an alphabetic top-level domain of 2+ letters. No spaces anywhere.
export const pattern = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/

export const isValid = (email: string): boolean => pattern.test(email)
