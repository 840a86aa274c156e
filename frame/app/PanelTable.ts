/**
 * The shapes of the panels' words: a locale's table as its file holds it (PanelStrings.ts has English,
 * `panelStrings/` the others), and the strings the panels render once its templates are filled.
 */
/** One locale's words, as its table holds them. */
export interface PanelTable {
  readonly loading: string
  readonly ended: string
  readonly sessionExpired: string
  readonly failed: string
  /** The wallet's own window while no panel is open (WalletWindow.ts). */
  readonly windowIdle: string
  /** What every panel shows above its content, so the visitor can tell the wallet's own panel from a copy. */
  readonly trust: {
    readonly site: string
    readonly marker: string
    readonly noMarker: string
    /** `{sign}`: the visitor's sign. */
    readonly markerIntro: string
  }
  /** The arming of decisive buttons (frame/app/VisibilityGuard.ts). */
  readonly guard: {
    readonly steady: string
    readonly hidden: string
    readonly openWindow: string
    readonly windowOpened: string
    readonly windowBlocked: string
  }
  readonly otp: {
    readonly title: string
    /** `{email}` */
    readonly sentTo: string
    readonly sentToCurrent: string
    /** `{email}`: the new address. */
    readonly sentToNew: string
    readonly label: string
    readonly submit: string
    /** `{triesLeft}`, a plural. */
    readonly wrong: string
    readonly expired: string
    readonly locked: string
    readonly emailInUse: string
    readonly done: string
  }
  readonly approve: {
    readonly titles: Readonly<Record<string, string>>
    readonly fallbackTitle: string
    readonly network: string
    readonly from: string
    readonly to: string
    readonly contractCreation: string
    readonly value: string
    readonly data: string
    readonly message: string
    readonly typedDataType: string
    readonly domain: string
    /** `{index}` of `{count}` transactions in a bundle. */
    readonly transaction: string
    readonly fee: string
    readonly approve: string
    readonly reject: string
    readonly approved: string
    readonly rejected: string
    /** `{chainId}` */
    readonly unknownNetwork: string
    readonly truncated: string
    readonly unreadable: string
    /** The smart account lines (ApprovePanel.ts): its row label, the implementation named, the first-time upgrade. */
    readonly smartAccount: string
    readonly implementation: string
    readonly upgrade: string
    /** The account-type panel (AccountTypePanel.ts): its title, the two choices, why smart is off, and its buttons. */
    readonly accountType: string
    readonly smartChoice: string
    readonly plainChoice: string
    readonly smartUnavailable: string
    readonly saveChoice: string
    readonly cancelChoice: string
    /** A user operation's calls are atomic. */
    readonly atomic: string
    /** The fee row's value when the app's sponsor pays. */
    readonly sponsored: string
    readonly delegatedElsewhere: string
    /** ERC-7715 permissions (ApprovePanel.ts): the titles, the sentence, the period (a plural of `{count}`), the rows. */
    readonly grantTitle: string
    readonly revokeTitle: string
    /** `{site}`, `{amount}`, `{period}` (one of the three below), `{until}` (a date). */
    readonly permissionGrant: string
    /** `{site}`, `{amount}`, `{period}` */
    readonly permissionRevoke: string
    readonly perSeconds: string
    readonly perHours: string
    readonly perDays: string
    readonly permissionSpender: string
    readonly permissionReason: string
    readonly permissionNote: string
  }
  /** What requests do (ApprovalRows.ts). */
  readonly intent: {
    readonly action: string
    readonly transfer: string
    readonly approve: string
    readonly nftApprove: string
    readonly nftTransfer: string
    readonly approvalForAll: string
    readonly revokeAll: string
    readonly permit: string
    readonly permit2: string
    readonly solTransfer: string
    readonly program: string
    readonly token: string
    readonly amount: string
    readonly sender: string
    readonly recipient: string
    readonly spender: string
    readonly operator: string
    readonly items: string
    readonly until: string
    readonly authority: string
    readonly writable: string
    readonly unlimited: string
    readonly wholeCollection: string
    readonly changes: string
    readonly noChanges: string
    readonly simulationUnavailable: string
    /** `{reason}`: the network's own words, maybe none. */
    readonly simulationReverted: string
  }
  readonly setup: {
    readonly title: string
    readonly intro: string
    readonly passkey: string
    readonly useCode: string
    readonly codeIntro: string
    readonly saved: string
    readonly finish: string
    readonly passkeyUnavailable: string
    readonly passkeyCancelled: string
    readonly done: string
  }
  readonly recover: {
    readonly title: string
    readonly introPasskey: string
    readonly introCode: string
    readonly passkey: string
    readonly codeLabel: string
    readonly submit: string
    readonly invalidCode: string
    readonly wrongFactor: string
    readonly passkeyCancelled: string
    readonly done: string
  }
  readonly export: {
    readonly title: string
    readonly warning: string
    readonly show: string
    readonly cancel: string
    readonly phrase: string
    readonly evmKey: string
    readonly solanaKey: string
    readonly copy: string
    readonly copied: string
    readonly copyFailed: string
    readonly done: string
  }
}

/** The words the panels render: a table with its templates filled in the table's locale. */
export interface PanelStrings extends Omit<PanelTable, "trust" | "otp" | "approve" | "intent"> {
  readonly trust: Omit<PanelTable["trust"], "markerIntro"> & { readonly markerIntro: (sign: string) => string }
  readonly otp: Omit<PanelTable["otp"], "sentTo" | "sentToNew" | "wrong"> & {
    readonly sentTo: (email: string) => string
    readonly sentToNew: (email: string) => string
    readonly wrong: (triesLeft: number) => string
  }
  readonly approve: Omit<PanelTable["approve"], "transaction" | "unknownNetwork" | "permissionGrant" | "permissionRevoke"> & {
    readonly transaction: (index: number, count: number) => string
    readonly unknownNetwork: (chainId: string) => string
    /** `until` in seconds since the epoch, said in the visitor's time zone. */
    readonly permissionGrant: (site: string, amount: string, periodSeconds: number, until: number) => string
    readonly permissionRevoke: (site: string, amount: string, periodSeconds: number) => string
  }
  readonly intent: Omit<PanelTable["intent"], "simulationReverted"> & { readonly simulationReverted: (reason: string) => string }
}
