/**
 * The modal's styles, adopted by its shadow root as a constructed stylesheet: no <style> element
 * and no inline style attribute, so a host CSP without 'unsafe-inline' allows it. Colours are CSS
 * variables (dark by default, `data-theme="light"` for the light variant); hosts override them with
 * `themeVariables` (`--portico-accent` …). Durations come from core/Constants.
 */
import * as Constants from "../../core/Constants.ts"

const css = `
:host { all: initial; }
.overlay {
  --portico-bg: #141418; --portico-surface: #1f1f26; --portico-surface-hover: #2a2a33;
  --portico-text: #f4f4f6; --portico-muted: #a3a3b2; --portico-border: #33333d;
  --portico-accent: #5b8cff; --portico-accent-text: #0b0b0f; --portico-error: #ff6b6b; --portico-success: #3ecf8e;
  --portico-radius: 16px; --portico-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  position: fixed; inset: 0; z-index: 2147483000; display: flex; align-items: center; justify-content: center;
  background: rgba(0, 0, 0, 0.55); font-family: var(--portico-font); color: var(--portico-text);
  font-size: 15px; line-height: 1.4;
}
.overlay[data-theme="light"] {
  --portico-bg: #ffffff; --portico-surface: #f1f2f5; --portico-surface-hover: #e4e6eb;
  --portico-text: #15151a; --portico-muted: #55596a; --portico-border: #d6d8de;
  --portico-accent: #2352d8; --portico-accent-text: #ffffff; --portico-error: #b3261e; --portico-success: #137a4b;
}
.dialog {
  box-sizing: border-box; width: 360px; max-width: 100vw; max-height: min(640px, 100vh); overflow: hidden;
  background: var(--portico-bg); border: 1px solid var(--portico-border); border-radius: var(--portico-radius);
  box-shadow: 0 16px 48px rgba(0, 0, 0, 0.4); display: flex; flex-direction: column;
  transition: height ${Constants.modalHeightAnimationMillis}ms ease;
}
.dialog:focus { outline: none; }
.dialog.shake { animation: shake ${Constants.shakeMillis}ms ease; }
@keyframes shake { 0%, 100% { transform: translateX(0); } 20%, 60% { transform: translateX(-6px); } 40%, 80% { transform: translateX(6px); } }
.header { display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; padding: 12px 12px 4px; }
.title { margin: 0; text-align: center; font-size: 16px; font-weight: 600; animation: fade ${Constants.headerTextAnimationMillis}ms ease; }
.body { overflow-y: auto; padding: 8px 16px 16px; }
.view { animation: fade ${Constants.viewTransitionAnimationMillis}ms ease; }
@keyframes fade { from { opacity: 0; } to { opacity: 1; } }
button, a.button, input { font: inherit; color: inherit; }
button { cursor: pointer; }
:focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.icon-button { width: 36px; height: 36px; border: 0; border-radius: 10px; background: transparent; color: var(--portico-muted); font-size: 18px; }
.icon-button:hover { background: var(--portico-surface-hover); color: var(--portico-text); }
.list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.row { box-sizing: border-box; width: 100%; display: flex; align-items: center; gap: 12px; padding: 8px 12px; min-height: 52px;
  border: 0; border-radius: 12px; background: var(--portico-surface); text-align: left; }
.row:hover { background: var(--portico-surface-hover); }
.row-name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tag { font-size: 12px; padding: 2px 8px; border-radius: 8px; background: var(--portico-bg); color: var(--portico-muted); }
.wallet-image { width: 36px; height: 36px; border-radius: 10px; object-fit: cover; flex: none; }
.wallet-image.large { width: 72px; height: 72px; border-radius: 20px; }
.monogram { display: inline-flex; align-items: center; justify-content: center; background: var(--portico-accent); color: var(--portico-accent-text); font-weight: 700; }
.center { display: flex; flex-direction: column; align-items: center; text-align: center; gap: 10px; padding: 12px 0; }
.muted { color: var(--portico-muted); font-size: 14px; margin: 0; }
.error-text { color: var(--portico-error); margin: 0; font-weight: 600; }
.primary { border: 0; border-radius: 12px; padding: 10px 16px; background: var(--portico-accent); color: var(--portico-accent-text); font-weight: 600; text-decoration: none; }
.secondary { border: 1px solid var(--portico-border); border-radius: 12px; padding: 10px 16px; background: transparent; text-decoration: none; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: center; }
.search { box-sizing: border-box; width: 100%; padding: 10px 12px; margin-bottom: 10px; border-radius: 12px; border: 1px solid var(--portico-border); background: var(--portico-surface); }
.scroller { height: 380px; overflow-y: auto; position: relative; }
.scroller-inner { position: relative; }
.qr { background: #ffffff; border-radius: 16px; padding: 12px; width: 232px; height: 232px; box-sizing: border-box; }
.qr svg { width: 100%; height: 100%; display: block; }
.address { font-size: 20px; font-weight: 700; margin: 0; }
.balance { font-size: 16px; margin: 0; color: var(--portico-muted); }
.tabs { display: flex; gap: 4px; padding: 4px; margin: 12px 0 8px; border-radius: 12px; background: var(--portico-surface); }
.tab { flex: 1; border: 0; border-radius: 9px; padding: 6px 0; background: transparent; color: var(--portico-muted); }
.tab[aria-selected="true"] { background: var(--portico-bg); color: var(--portico-text); }
.item { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 8px 4px; border-bottom: 1px solid var(--portico-border); }
.item:last-child { border-bottom: 0; }
.toast { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); padding: 8px 14px; border-radius: 12px;
  background: var(--portico-surface); border: 1px solid var(--portico-border); animation: fade ${Constants.viewTransitionAnimationMillis}ms ease; }
.toast[data-variant="error"] { color: var(--portico-error); }
.toast[data-variant="success"] { color: var(--portico-success); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.section-title { font-size: 13px; color: var(--portico-muted); margin: 12px 0 6px; }
@media (prefers-reduced-motion: reduce) {
  *, .dialog, .dialog.shake { animation: none !important; transition: none !important; }
}
`

let sheet: CSSStyleSheet | undefined

/** One sheet per page, shared by every shadow root that adopts it. */
export const stylesheet = (): CSSStyleSheet => {
  if (sheet === undefined) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
  }
  return sheet
}
