/**
 * A social login in redirect mode (the popup was blocked) leaves the page for the provider and comes back
 * with our server's marker in the query (docs/embedded-wallet.md "Social login"): the page then restores
 * the engine and completes the login. The marker carries only the attempt's id, never a token.
 */
const param = "portico_social"

export const returnedFromSocialLogin = (): boolean => {
  try {
    return new URLSearchParams(globalThis.location?.search ?? "").has(param)
  } catch {
    return false
  }
}

/** Takes the marker out of the address bar: it is used once. */
export const clearSocialRedirect = (): void => {
  const url = new URL(globalThis.location.href)
  url.searchParams.delete(param)
  globalThis.history.replaceState(globalThis.history.state, "", url)
}
