/**
 * The connect button's own look, in the host's first chunk: one constructed stylesheet adopted by the
 * document (allowed under a strict Content-Security-Policy, unlike a <style> element or a style
 * attribute), every selector wrapped in `:where()` so that any rule of the host's, or the button's
 * `className`, wins. Theme and accent arrive as data attributes and CSS custom properties.
 */
import * as ThemeDefaults from "../../core/ThemeDefaults.ts"

const css = `
:where([data-portico-button]) {
  --portico-button-accent: ${ThemeDefaults.defaultAccents.dark};
  display: inline-flex; align-items: center; gap: 8px; min-height: 40px; padding: 0 16px;
  border: 1px solid transparent; border-radius: var(--portico-button-radius, 12px);
  background: var(--portico-button-accent); color: #ffffff; cursor: pointer;
  font: 600 15px/1 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; letter-spacing: 0.01em;
  transition: filter 120ms ease, background-color 120ms ease;
}
:where([data-portico-button][data-theme="light"]) { --portico-button-accent: ${ThemeDefaults.defaultAccents.light}; }
:where([data-portico-button][data-accent]) { --portico-button-accent: var(--portico-accent); }
:where([data-portico-button]:hover) { filter: brightness(1.1); }
:where([data-portico-button]:focus-visible) { outline: 2px solid var(--portico-button-accent); outline-offset: 2px; }
:where([data-portico-button][data-connected]) {
  background: #1f1f1f; color: #f2f2f2; border-color: #333333; font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
}
:where([data-portico-button][data-connected][data-theme="light"]) { background: #f3f3f5; color: #141414; border-color: #d9d9de; }
@media (prefers-reduced-motion: reduce) { :where([data-portico-button]) { transition: none; } }
`

let adopted = false

/** Adopts the stylesheet once per page; a browser without constructable stylesheets keeps the host's look. */
export const adoptButtonStyles = (): void => {
  if (adopted || typeof document === "undefined" || typeof CSSStyleSheet === "undefined" || !("adoptedStyleSheets" in document)) return
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  adopted = true
}
