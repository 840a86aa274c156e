/**
 * The one synchronous, free sign that a page may run as a mini app: it is framed by another page
 * (a Farcaster client frames a mini app on the web). Only then is the mini-app connector's chunk loaded
 * and the parent asked (`MiniApp.detect`); a top-level page loads and sends nothing more. Schema-free,
 * so the host's first chunk can hold it.
 */
export const isFramed = (window: { readonly parent: unknown }): boolean => window.parent !== window
