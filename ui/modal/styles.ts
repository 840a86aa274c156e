/**
 * The modal's stylesheet, applied to its shadow root as a constructed stylesheet
 * (`adoptedStyleSheets`): no <style> element and no inline style attribute, so a host page whose
 * CSP has no 'unsafe-inline' still styles it. Dark by default; every colour is a CSS variable.
 * Animations: header text 120 ms, height 150 ms, view transition 150 ms (spec §9), none when the
 * visitor prefers reduced motion.
 */
import * as Constants from "../../core/Constants.ts"
import * as Theme from "../../core/ThemeDefaults.ts"

export const css = `
:host { all: initial; }
.backdrop {
  --portico-accent: ${Theme.defaultAccents.dark};
  --portico-accent-fill: ${Theme.defaultAccents.light};
  --portico-bg: #141414;
  --portico-bg-2: #1f1f1f;
  --portico-bg-3: #2a2a2a;
  --portico-fg: #f2f2f2;
  --portico-muted: #a8a8a8;
  --portico-border: #333333;
  --portico-error: #ff7b7b;
  --portico-success: #3ad58e;
  --portico-radius: 16px;
  --portico-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  position: fixed; inset: 0; z-index: var(--portico-z, 2147483000);
  /* The dialog's top edge stays put (5vh + 90vh max-height fill the viewport): as lists load and the height
     animates, only the bottom moves, so nothing jumps under the visitor's pointer. */
  display: flex; align-items: flex-start; justify-content: center; padding-top: 5vh; box-sizing: border-box;
  background: rgba(0, 0, 0, 0.6);
  font-family: var(--portico-font); color: var(--portico-fg); font-size: var(--portico-font-size, 15px); line-height: 1.4;
}
/* Drawn ahead of the click (Shell.tsx): laid out but not shown; its view's slide starts when it is shown. */
.backdrop.primed { visibility: hidden; }
.backdrop.primed .view { animation: none; }
.backdrop.light {
  --portico-accent: ${Theme.defaultAccents.light};
  --portico-bg: #ffffff; --portico-bg-2: #f3f3f5; --portico-bg-3: #e6e6ea;
  --portico-fg: #141414; --portico-muted: #55555e; --portico-border: #d9d9de;
  --portico-error: #b3202a; --portico-success: #127a4a;
}
.dialog {
  position: relative; box-sizing: border-box; width: ${Constants.modalWidthPx}px; max-width: 100vw; max-height: 90vh;
  display: flex; flex-direction: column; overflow: hidden;
  background: var(--portico-bg); border: 1px solid var(--portico-border); border-radius: var(--portico-radius);
  transition: height ${Constants.modalHeightAnimationMillis}ms ease;
}
/* Focused itself only on touch (instead of a text field): no ring around the whole dialog. */
.dialog:focus { outline: none; }
.dialog.shake { animation: shake ${Constants.shakeMillis}ms ease; }
@keyframes shake { 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
.header { display: flex; align-items: center; gap: 8px; padding: 14px 14px 8px; }
.header h2 { flex: 1; margin: 0; text-align: center; font-size: 16px; font-weight: 600;
  animation: fade ${Constants.headerTextAnimationMillis}ms ease; }
.icon-button { width: 32px; height: 32px; border-radius: 10px; border: none; cursor: pointer; flex: none;
  display: inline-flex; align-items: center; justify-content: center; padding: 0; box-sizing: border-box;
  background: var(--portico-bg-2); color: var(--portico-fg); font: inherit; font-size: 18px; line-height: 1; text-decoration: none; }
.icon-button:hover { background: var(--portico-bg-3); }
.spacer { width: 32px; }
/* The view scrolls once the dialog reaches its max-height; its body is what the dialog's height follows. */
.view { flex: 1 1 auto; min-height: 0; overflow-y: auto; animation: fade ${Constants.viewTransitionAnimationMillis}ms ease; }
.view-body { padding: 8px 14px 16px; }
/* A slide rather than a fade: text never passes through low contrast mid-animation. */
@keyframes fade { from { transform: translateY(4px); } to { transform: none; } }
button, input, a { font-family: inherit; }
:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.wallet { width: 100%; display: flex; align-items: center; gap: 12px; padding: 10px 12px; border: none;
  border-radius: 12px; background: var(--portico-bg-2); color: var(--portico-fg); font-size: 15px; cursor: pointer; text-align: start; }
.wallet:hover { background: var(--portico-bg-3); }
.wallet .name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.wallet img, .wallet .placeholder { width: 36px; height: 36px; border-radius: 10px; flex: none; object-fit: cover; background: var(--portico-bg-3); }
.tag { font-size: 12px; padding: 2px 6px; border-radius: 6px; background: var(--portico-bg-3); color: var(--portico-fg); }
.center { display: flex; flex-direction: column; align-items: center; gap: 12px; text-align: center; padding: 12px 0; }
.big { width: 72px; height: 72px; border-radius: 20px; }
.muted { color: var(--portico-muted); font-size: 14px; }
.error { color: var(--portico-error); }
/* White text on the dark theme's accent is under 4.5:1, so filled buttons use a deeper shade. */
.primary { border: none; border-radius: 12px; padding: 10px 16px; background: var(--portico-accent-fill, var(--portico-accent)); color: #ffffff; font-size: 15px; cursor: pointer; }
.secondary { border: 1px solid var(--portico-border); border-radius: 12px; padding: 10px 16px; background: var(--portico-bg-2); color: var(--portico-fg); font-size: 15px; cursor: pointer; }
.secondary[aria-disabled="true"] { opacity: 0.6; }
.qr { width: 260px; height: 260px; border-radius: 16px; background: #ffffff; padding: 10px; box-sizing: border-box; }
.search { width: 100%; box-sizing: border-box; padding: 10px 12px; margin-bottom: 10px; border-radius: 12px;
  border: 1px solid var(--portico-border); background: var(--portico-bg-2); color: var(--portico-fg); font-size: 15px; }
.scroller { height: 360px; overflow-y: auto; position: relative; }
.rows { position: relative; display: block; }
.row { position: absolute; inset-inline: 0; }
.tabs { display: flex; gap: 4px; padding: 4px; border-radius: 12px; background: var(--portico-bg-2); margin: 12px 0 8px; }
.tabs button { flex: 1; padding: 8px; border: none; border-radius: 10px; background: transparent; color: var(--portico-muted); cursor: pointer; font-size: 14px; }
.tabs button[aria-selected="true"], .tabs button[aria-pressed="true"] { background: var(--portico-bg-3); color: var(--portico-fg); }
.row-line { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 8px 4px; }
.row-line .token { display: flex; align-items: center; gap: 10px; min-width: 0; }
.row-line .token img, .row-line .token .placeholder { width: 28px; height: 28px; border-radius: 50%; flex: none; background: var(--portico-bg-3); }
.row-line .amounts { display: flex; flex-direction: column; align-items: flex-end; }
.field { display: flex; flex-direction: column; gap: 6px; margin-bottom: 10px; }
fieldset.tokens { border: 0; padding: 0; margin: 0 0 10px; }
fieldset.tokens legend { padding: 0; margin-bottom: 6px; }
fieldset.tokens label { cursor: pointer; border-radius: 10px; }
fieldset.tokens label:has(input:checked) { background: var(--portico-bg-2); }
.quote { display: flex; align-items: flex-start; gap: 10px; padding: 8px; }
.quote .tag { margin-inline-start: 6px; }
a.secondary { text-decoration: none; text-align: center; }
.stack { display: flex; flex-direction: column; gap: 10px; }
/* The legal checkbox, and the ways of connecting it holds back (a native fieldset, disabled until ticked). */
.legal { display: flex; align-items: flex-start; gap: 8px; font-size: 14px; }
.legal input { margin: 3px 0 0; width: 16px; height: 16px; flex: none; accent-color: var(--portico-accent-fill); }
.legal a { color: inherit; text-decoration: underline; }
fieldset.gate { border: 0; padding: 0; margin: 0; min-width: 0; }
fieldset.gate:disabled { opacity: 0.5; }
.legal-hint { margin: 0; }
.socials { display: flex; flex-wrap: wrap; gap: 8px; }
.socials button { flex: 1 1 30%; }
.otp { letter-spacing: 0.4em; font-size: 20px; text-align: center; }
/* The embedded wallet's own panel: its origin renders it, the modal only gives it room. */
iframe.panel { width: 100%; height: min(520px, 70vh); border: 0; border-radius: 12px; background: var(--portico-bg-2); }
.summary { display: grid; grid-template-columns: auto 1fr; gap: 6px 12px; margin: 0 0 12px; }
.summary dt { color: var(--portico-muted); }
.summary dd { margin: 0; text-align: end; word-break: break-all; }
.summary .avatar { width: 20px; height: 20px; border-radius: 50%; vertical-align: middle; margin-inline-end: 6px; }
.toast a { margin-inline-start: 8px; color: inherit; }
.with-suffix { display: flex; align-items: center; gap: 6px; }
.with-suffix input, .field > input, .field > select { flex: 1; min-width: 0; padding: 10px 12px; border-radius: 12px; border: 1px solid var(--portico-border);
  background: var(--portico-bg-2); color: var(--portico-fg); font: inherit; }
.with-suffix input[aria-invalid="true"], .field > input[aria-invalid="true"] { border-color: var(--portico-error); }
.address-full { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; word-break: break-all; text-align: center; margin: 0; }
.group-heading { font-size: 13px; font-weight: 600; color: var(--portico-muted); margin: 12px 4px 4px; }
.activity-what, .activity-amount { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.activity-amount { align-items: flex-end; text-align: end; }
.nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, 1fr); gap: 10px; }
.nft { display: flex; flex-direction: column; gap: 4px; min-width: 0; overflow-wrap: anywhere; }
.nft img, .nft .monogram { width: 100%; aspect-ratio: 1; border-radius: 12px; object-fit: cover; background: var(--portico-bg-3); }
.nft .monogram { display: flex; align-items: center; justify-content: center; font-size: 40px; font-weight: 700; color: var(--portico-fg); }
.nft-name { font-size: 14px; }
.declined { display: flex; flex-direction: column; align-items: center; gap: 4px; }
.address { font-size: 18px; font-weight: 600; }
/* Addresses and hashes read left to right in every language; the page's direction places them. */
.address, .address-full, [data-address], [data-other-account] { direction: ltr; unicode-bidi: isolate; }
/* So do amounts with their symbol and fiat values ("1.5 ETH", "US$ 2.00"), at the row's end. */
.amounts > *, .activity-amount > * { direction: ltr; unicode-bidi: isolate; }
/* A trade's second leg reads the page's way: its arrow first, then the amount (a <bdi>). */
.activity-amount > .leg { direction: inherit; }
/* A receiver is typed as it is written: an address or a name, left to right. */
input[data-send-receiver-input] { direction: ltr; }
/* Arrows and chevrons point the way the page reads. */
:dir(rtl) .flip { display: inline-block; transform: scaleX(-1); }
/* The Account view: who, the features in one row, then the assets without scrolling. */
.account-header { display: flex; flex-direction: column; gap: 6px; padding: 2px 0 6px; }
.account-top { display: flex; align-items: center; gap: 12px; }
.avatar { width: 48px; height: 48px; border-radius: 50%; flex: none; object-fit: cover; }
.account-names { flex: 1; min-width: 0; display: flex; flex-direction: column; align-items: flex-start; gap: 2px; }
.account-names strong { font-size: 17px; overflow-wrap: anywhere; }
.icon-actions { display: flex; gap: 6px; }
.account-balances { display: flex; align-items: baseline; gap: 10px; flex-wrap: wrap; }
.account-balances [data-balance] { font-size: 22px; font-weight: 600; }
.account-meta { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.other-accounts ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.other-account { display: flex; align-items: center; gap: 8px; width: 100%; padding: 8px 12px; border: 1px solid var(--portico-border); border-radius: 10px; background: transparent; color: var(--portico-fg); cursor: pointer; font-size: 14px; text-align: start; }
.other-account:hover, .other-account:focus-visible { background: var(--portico-bg-2); }
.avatar.small { width: 24px; height: 24px; }
.wallet-actions { display: grid; grid-auto-columns: minmax(0, 1fr); grid-auto-flow: column; gap: 8px; margin: 6px 0 0; }
.wallet-action { display: flex; flex-direction: column; align-items: center; gap: 4px; padding: 8px 4px; border: 1px solid var(--portico-border);
  border-radius: 12px; background: var(--portico-bg-2); color: var(--portico-fg); font: inherit; font-size: 13px; cursor: pointer; }
.wallet-action:hover { background: var(--portico-bg-3); }
.link-button { border: none; background: none; padding: 0; color: var(--portico-fg); font: inherit; font-size: 13px; cursor: pointer; text-decoration: underline; }
.network-list { display: flex; flex-direction: column; gap: 6px; }
.network-choice { display: flex; justify-content: space-between; align-items: center; gap: 8px; width: 100%; padding: 10px 12px;
  border: 1px solid var(--portico-border); border-radius: 12px; background: var(--portico-bg-2); color: var(--portico-fg); font: inherit; cursor: pointer; text-align: start; }
.network-choice[aria-current="true"] { border-color: var(--portico-fg); cursor: default; }
.network-label { display: inline-flex; align-items: center; gap: 8px; }
.network-icon { width: 24px; height: 24px; border-radius: 6px; flex: none; font-size: 12px; }
.monogram { display: inline-flex; align-items: center; justify-content: center; font-weight: 700; color: var(--portico-fg); background: var(--portico-bg-3); }
.monogram::before { content: attr(data-initial); }
.big.monogram { font-size: 32px; }
.actions { display: flex; flex-direction: column; gap: 8px; width: 100%; margin-top: 8px; list-style: none; padding: 0; }
.actions > *, .actions > li > button { width: 100%; box-sizing: border-box; text-align: center; text-decoration: none; }
.toast { position: absolute; inset-inline: 0; inset-block-start: 16px; margin-inline: auto; width: fit-content; max-width: calc(100% - 32px);
  box-sizing: border-box; padding: 8px 14px; border-radius: 12px;
  background: var(--portico-bg-3); color: var(--portico-fg); border: 1px solid var(--portico-border); font-size: 14px;
  animation: toast-in ${Constants.viewTransitionAnimationMillis}ms ease; }
@keyframes toast-in { from { transform: translateY(-4px); } to { transform: none; } }
.toast.error { color: var(--portico-error); }
.backdrop.notice { inset-block-end: auto; padding-top: 16px; background: none; pointer-events: none; }
.notice .toast { position: static; pointer-events: auto; }
@media (prefers-reduced-motion: reduce) {
  *, .dialog, .dialog.shake, .header h2, .view, .toast { animation: none !important; transition: none !important; }
}
`

let sheet: CSSStyleSheet | undefined

/** One constructed sheet shared by every modal instance. */
export const styleSheet = (): CSSStyleSheet => {
  if (sheet === undefined) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
  }
  return sheet
}
