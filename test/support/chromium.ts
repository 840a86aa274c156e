/** Debian's Chromium, the only browser the tests use: no test tool downloads one of its own. */
export const chromiumPath = "/usr/bin/chromium"

/** Flags that keep headless Chromium off the closed network and quiet as root. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
] as const
