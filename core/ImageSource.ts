/**
 * Which image sources may reach an `<img>`, without Effect: wallet icons come from announcements and the
 * registry, i.e. from strangers, and the Connect view draws them before the engine has loaded.
 */

/**
 * Only `data:image/…`, `https:` and `blob:` sources are ever handed to an `<img>` (never `javascript:`,
 * `http:` or relative URLs that would hit the host's origin).
 */
export const isSafeImageSource = (source: string): boolean =>
  /^data:image\/[a-z0-9.+-]+[;,]/i.test(source) || /^https:\/\/[^\s]+$/i.test(source) || /^blob:https?:\/\/[^\s]+$/i.test(source)

/**
 * Whether an image may be shown: a safe source, or one of the configured wallet service's own (it
 * serves the registry's icons and may be plain http on localhost).
 */
export const isAllowedImage = (source: string, walletServiceUrl: string | undefined): boolean =>
  isSafeImageSource(source) || (walletServiceUrl !== undefined && source.startsWith(new URL(walletServiceUrl).origin + "/"))
