/**
 * Where focus goes when a view or a step appears: its first control, so keyboard users start inside the
 * dialog. On a touch-first device never a text field (the on-screen keyboard would rise over what the
 * visitor came to see, the wallet list under the Email field): there the container itself takes focus.
 */
import { isTouchFirst } from "../../../app/Device.ts"

const textFields = new Set(["text", "email", "search", "number", "tel", "url", "password"])

const isTextField = (element: HTMLElement): boolean =>
  element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && textFields.has(element.type))

/** The controls focus can move to. `:disabled` also matches the controls of a disabled fieldset (the legal checkbox's gate). */
export const focusableSelector = "button:not(:disabled), a[href], input:not(:disabled), [tabindex]:not([tabindex='-1'])"

/** Focuses the first element of `container` matching `selector` (the container itself on touch when that is a text field). */
export const focusFirst = (container: HTMLElement | null, selector: string, fallback: HTMLElement | null = container): void => {
  const first = container?.querySelector<HTMLElement>(selector) ?? null
  const target = first !== null && isTextField(first) && isTouchFirst() ? fallback : first
  target?.focus()
}
