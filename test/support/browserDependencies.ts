/**
 * The packages the browser tests load, so Vite pre-bundles them before the first test instead of
 * discovering one mid-run and reloading the page under it.
 */
export const browserDependencies = [
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "react-dom",
  "react-dom/client",
  "vitest-browser-react",
  "axe-core",
  "mipd",
  "viem",
  "viem/accounts",
  "uqr",
  "@wallet-standard/app",
  "@wallet-standard/base",
  "@walletconnect/universal-provider"
] as const
