/**
 * A social login in redirect mode (the popup was blocked) leaves the page for the provider and comes back
 * with our server's marker in the query (docs/embedded-wallet.md "Social login"): the page then restores
 * the engine and completes the login. The marker carries the attempt's id and its one-time completion
 * code, which the frame needs besides its own poll secret; both leave the address bar at once.
 */
const param = "portico_social"
const codeParam = "portico_social_code"

export const returnedFromSocialLogin = (): boolean => {
  try {
    return new URLSearchParams(globalThis.location?.search ?? "").has(param)
  } catch {
    return false
  }
}

/** Takes the marker out of the address bar (it is used once) and answers the completion code it carried. */
export const takeSocialRedirect = (): string | undefined => {
  const url = new URL(globalThis.location.href)
  const code = url.searchParams.get(codeParam) ?? undefined
  url.searchParams.delete(param)
  url.searchParams.delete(codeParam)
  globalThis.history.replaceState(globalThis.history.state, "", url)
  return code
}
