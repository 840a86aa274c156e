/**
 * The visitor comes back to the page: a wallet app sent them back with the dapp's return link, or they
 * switched back to the tab. A phone freezes a hidden page and may close its sockets; while the page stays
 * alive (visible again, or restored from the back-forward cache) the connectors are woken so a wallet's
 * answer that waited at the relay arrives at once. A page the return link loads afresh restores the stored
 * session as any load does.
 */
export const watch = (wake: () => void): (() => void) => {
  const onVisibility = () => {
    if (document.visibilityState === "visible") wake()
  }
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) wake()
  }
  document.addEventListener("visibilitychange", onVisibility)
  globalThis.addEventListener("pageshow", onPageShow)
  return () => {
    document.removeEventListener("visibilitychange", onVisibility)
    globalThis.removeEventListener("pageshow", onPageShow)
  }
}
