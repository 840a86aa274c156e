/**
 * The provider's sign-in window for a social login: opened in the visitor's click (so no popup blocker
 * stops it), pointed at the authorization URL once the frame made it, and watched so the login learns
 * when the visitor closed it. It keeps its opener: our server's last page in it hands the sign-in's
 * completion code to the wallet's frame of this page (posted for the wallet's origin only), which is how
 * the login is bound to the browser that started it.
 */

/** How often the window is checked for having been closed. */
const closedCheckMillis = 500

export interface SocialPopup {
  readonly navigate: (url: string) => void
  readonly close: () => void
}

/** Opens the window, or answers undefined when the browser blocked it (the page then redirects instead). */
export const openSocialPopup = (onClosed: () => void): SocialPopup | undefined => {
  const popup = globalThis.open("", "portico-social", "popup,width=480,height=640")
  if (popup === null) return undefined
  const timer = setInterval(() => {
    if (!popup.closed) return
    clearInterval(timer)
    onClosed()
  }, closedCheckMillis)
  return {
    navigate: (url) => {
      popup.location.href = url
    },
    close: () => popup.close()
  }
}
