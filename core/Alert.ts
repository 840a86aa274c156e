/**
 * The alert catalogue (spec section 8): alerts the modal shows to the site's developer or the
 * visitor when the configuration or the environment is wrong, plus the toast for an unavailable
 * token balance. The UI renders `title` and `description` from here (through its message table).
 */

export type Variant = "error" | "warning" | "info"

export interface Alert {
  readonly title: string
  readonly description: string
  readonly variant: Variant
}

export const catalogue = {
  NetworkNotFound: {
    title: "Network Not Found",
    description: "This network is missing from the configured networks list. Add it to the networks option.",
    variant: "error"
  },
  /** Shown once when analytics answers HTTP 403, and for 'Unauthorized: origin not allowed'. */
  InvalidAppConfiguration: {
    title: "Invalid App Configuration",
    description:
      "This origin is not on the project's allowlist. The project configuration must be updated to allow it.",
    variant: "error"
  },
  InvalidProjectId: {
    title: "Invalid App Configuration",
    description: "The project id is invalid. The project configuration must be updated with a valid project id.",
    variant: "error"
  },
  ProjectIdNotConfigured: {
    title: "Project ID Not Configured",
    description: "No project id is set. Add a project id to the configuration.",
    variant: "error"
  },
  EmbeddedWalletLoadFailed: {
    title: "Network Error - Could not load embedded wallet",
    description: "The embedded wallet did not load. Check the connection and try again.",
    variant: "error"
  },
  EmbeddedWalletRequestTimedOut: {
    title: "Embedded Wallet Request Timed Out",
    description: "The embedded wallet did not answer in time. Try again.",
    variant: "error"
  },
  SessionExpired: {
    title: "Session Expired",
    description: "The session is invalid. Check the device's time settings, then reconnect.",
    variant: "error"
  },
  UnverifiedDomain: {
    title: "Unverified Domain",
    description: "This domain is not verified for the project. Proceed only if you trust this site.",
    variant: "warning"
  },
  /** An option the host gave is refused when the engine is built (the detail names it and what is used instead). */
  InvalidOption: {
    title: "Invalid App Configuration",
    description: "An option of the configuration is invalid.",
    variant: "error"
  },
  SwitchNetworkNotFound: {
    title: "Switch Network Not Found",
    description: "The network to switch to is not in the configured networks list.",
    variant: "error"
  }
} as const satisfies Record<string, Alert>

export type Key = keyof typeof catalogue

/** Error toast when a token balance fetch fails or the network is unsupported; retry is then gated for 30 s. */
export const tokenBalanceUnavailableToast = {
  message: "Token Balance Unavailable",
  /** The views say it in the visitor's language by this tag. */
  errorTag: "TokenBalanceUnavailable",
  variant: "error"
} as const

/**
 * The "Session Expired" alert as an error toast: the embedded wallet's session ended on its server, or a
 * sign-in was refused for its times (the device's clock). The views say it in the visitor's language by its tag.
 */
export const sessionExpiredToast = {
  message: catalogue.SessionExpired.title,
  errorTag: "SessionExpired",
  variant: "error"
} as const
