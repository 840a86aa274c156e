/**
 * The panels' words in the modal's locale (from `SYNC_DAPP_DATA`): English here, inline as the fallback,
 * every other locale a chunk of its own in `panelStrings/`, fetched only when it is the visitor's.
 * Templates are core/MessageFormat.ts's, as the modal's. Failures are named by their tag so each reads
 * in the visitor's language.
 */
import type * as Locale from "../../core/Locale.ts"
import * as MessageFormat from "../../core/MessageFormat.ts"

import type { PanelStrings, PanelTable } from "./PanelTable.ts"

export type { PanelStrings, PanelTable } from "./PanelTable.ts"

export const en: PanelTable = {
  loading: "Loading…",
  ended: "This request is no longer waiting for you.",
  sessionExpired: "Session Expired: sign in again.",
  failed: "Something went wrong. Please try again.",
  windowIdle: "Your wallet works in this window while you use the site. Keep it open; closing it ends the wallet's session there.",
  trust: {
    site: "Requested by",
    marker: "Your wallet's sign",
    noMarker: "Your wallet's sign appears here once your wallet is set up on this browser.",
    markerIntro: "Your wallet's sign on this browser is {sign}. Your wallet's panels always show it at the top: never type a code or approve anything where it is missing."
  },
  guard: {
    steady: "Hold on: the buttons work once this panel has been in full view for a moment.",
    hidden: "This panel is covered or cannot prove it is shown. Decide in a window of the wallet's own instead.",
    openWindow: "Open the wallet's window",
    windowOpened: "Continue in the wallet's window.",
    windowBlocked: "The browser blocked the wallet's window. Allow pop-ups for this site and try again."
  },
  otp: {
    title: "Enter your code",
    sentTo: "Type the 6-digit code we sent to {email}. Type it only here, in your wallet's own panel.",
    sentToCurrent: "Type the 6-digit code we sent to your current email address.",
    sentToNew: "Now type the 6-digit code we sent to {email}.",
    label: "Code",
    submit: "Confirm",
    wrong: "That code is not right. {triesLeft, plural, one {# try} other {# tries}} left.",
    expired: "This code has expired. Ask for a new one.",
    locked: "Too many wrong codes. Ask for a new one.",
    emailInUse: "This email address belongs to another account.",
    done: "Code confirmed."
  },
  approve: {
    titles: {
      personal_sign: "Sign message",
      eth_signTypedData_v4: "Sign typed data",
      eth_sendTransaction: "Send transaction",
      wallet_sendCalls: "Send calls",
      solana_signMessage: "Sign message",
      solana_signTransaction: "Sign transaction",
      solana_signAllTransactions: "Sign transactions",
      solana_signAndSendTransaction: "Send transaction"
    },
    fallbackTitle: "Approve request",
    network: "Network",
    from: "From",
    to: "To",
    contractCreation: "New contract",
    value: "Amount",
    data: "Data",
    message: "Message",
    typedDataType: "Type",
    domain: "Domain",
    transaction: "Transaction {index} of {count}",
    fee: "Network fee (at most)",
    approve: "Approve",
    reject: "Reject",
    approved: "Approved",
    rejected: "Rejected",
    unknownNetwork: "Unknown network ({chainId})",
    truncated: "This request is longer than the wallet can show: part of it is cut off here.",
    unreadable: "The wallet cannot tell what this call does. Approve only if you trust the site and know what it asks.",
    smartAccount: "Smart account",
    implementation: "Simple7702Account, by the Ethereum Foundation's ERC-4337 team",
    upgrade: "Upgrade this account to a smart account: your address and assets stay the same. It lets apps bundle several steps into one approval and pay your network fee.",
    accountType: "Account type",
    smartChoice: "Smart account: apps can bundle several steps into one approval and pay your network fee, on networks that support it.",
    plainChoice: "Plain account: each step is a transaction of its own, and you pay its network fee.",
    smartUnavailable: "No network of this app supports smart accounts: your account stays plain.",
    saveChoice: "Save",
    cancelChoice: "Cancel",
    atomic: "These steps happen together: all of them, or none.",
    sponsored: "Paid by the app",
    delegatedElsewhere: "This account is delegated to another contract, so the wallet does not use it as a smart account: each call is sent on its own.",
    grantTitle: "Grant a spending permission",
    revokeTitle: "Withdraw a spending permission",
    permissionGrant: "Let {site} spend up to {amount} {period} from this account until {until}.",
    permissionRevoke: "{site} will no longer be able to spend up to {amount} {period} from this account.",
    perSeconds: "{count, plural, one {per second} other {every # seconds}}",
    perHours: "{count, plural, one {per hour} other {every # hours}}",
    perDays: "{count, plural, one {per day} other {every # days}}",
    permissionSpender: "Spent by",
    permissionReason: "The site's reason",
    permissionNote: "Until then the site spends without asking you again. You can withdraw this permission at any time from your account."
  },
  intent: {
    action: "Action",
    transfer: "Send tokens",
    approve: "Allow spending of your tokens",
    nftApprove: "Allow transfer of one collectible",
    nftTransfer: "Send collectibles",
    approvalForAll: "Allow transfer of a whole collection",
    revokeAll: "Withdraw the approval of a whole collection",
    permit: "Signature allowing spending of your tokens (Permit)",
    permit2: "Signature allowing spending of your tokens (Permit2)",
    solTransfer: "Send SOL",
    program: "Program call",
    token: "Token",
    amount: "Amount",
    sender: "From",
    recipient: "To",
    spender: "Spender",
    operator: "Operator",
    items: "Items",
    until: "Valid until",
    authority: "Signed by",
    writable: "Accounts it may change",
    unlimited: "Unlimited: the spender may take all of this token you hold, now and later.",
    wholeCollection: "The operator may take every item of this collection you hold, now and later.",
    changes: "What changes in your wallet",
    noChanges: "Nothing in your wallet changes.",
    simulationUnavailable: "This network cannot simulate the request, so its effect could not be checked: read what it does above.",
    simulationReverted: "The simulation failed: this request would most likely fail. {reason}"
  },
  setup: {
    title: "Secure your wallet",
    intro: "Your wallet is recovered with a passkey or a recovery code if this browser forgets it.",
    passkey: "Create a passkey",
    useCode: "Use a recovery code instead",
    codeIntro: "Write down this recovery code and keep it safe. It is shown only once.",
    saved: "I saved my recovery code",
    finish: "Create my wallet",
    passkeyUnavailable: "This passkey cannot protect your wallet. Use a recovery code instead.",
    passkeyCancelled: "The passkey was not created. Try again or use a recovery code.",
    done: "Your wallet is ready."
  },
  recover: {
    title: "Recover your wallet",
    introPasskey: "This browser has not seen your wallet yet. Use your passkey to open it.",
    introCode: "This browser has not seen your wallet yet. Enter your recovery code to open it.",
    passkey: "Use my passkey",
    codeLabel: "Recovery code",
    submit: "Recover",
    invalidCode: "This is not the recovery code: check it for typos.",
    wrongFactor: "This code does not open your wallet.",
    passkeyCancelled: "The passkey was not used. Try again.",
    done: "Your wallet is open."
  },
  export: {
    title: "Export your keys",
    warning: "Anyone who sees these can take everything in your wallet. Never share them, and show them only where nobody watches.",
    show: "Show my keys",
    cancel: "Cancel",
    phrase: "Recovery phrase",
    evmKey: "EVM private key",
    solanaKey: "Solana private key",
    copy: "Copy",
    copied: "Copied",
    copyFailed: "Copying is not allowed here: select the text instead.",
    done: "Done"
  }
}

const tables: Readonly<Record<Exclude<Locale.Locale, "en">, () => Promise<{ readonly default: PanelTable }>>> = {
  de: () => import("./panelStrings/de.ts"),
  fr: () => import("./panelStrings/fr.ts"),
  es: () => import("./panelStrings/es.ts"),
  pt: () => import("./panelStrings/pt.ts"),
  it: () => import("./panelStrings/it.ts"),
  nl: () => import("./panelStrings/nl.ts"),
  pl: () => import("./panelStrings/pl.ts"),
  tr: () => import("./panelStrings/tr.ts"),
  ru: () => import("./panelStrings/ru.ts"),
  uk: () => import("./panelStrings/uk.ts"),
  ar: () => import("./panelStrings/ar.ts"),
  he: () => import("./panelStrings/he.ts"),
  hi: () => import("./panelStrings/hi.ts"),
  id: () => import("./panelStrings/id.ts"),
  vi: () => import("./panelStrings/vi.ts"),
  th: () => import("./panelStrings/th.ts"),
  ja: () => import("./panelStrings/ja.ts"),
  ko: () => import("./panelStrings/ko.ts"),
  "zh-CN": () => import("./panelStrings/zh-CN.ts"),
  "zh-TW": () => import("./panelStrings/zh-TW.ts")
}

/** The table of `locale`, fetching its chunk; rejects when the chunk cannot be fetched. */
export const loadTable = async (locale: Locale.Locale): Promise<PanelTable> =>
  locale === "en" ? en : (await tables[locale]()).default

/** A slot filled with nothing at a template's end: its space and, right to left, its empty isolate. */
const emptyTail = /\s*(?:\u2068\u2069)?$/u

/** `table`'s words with its templates filled in `locale`. */
export const fill = (locale: Locale.Locale, table: PanelTable): PanelStrings => {
  const format = (template: string, values: MessageFormat.Values) => MessageFormat.format(locale, template, values)
  // A period in the largest whole unit it is: "per day", "every 7 days", "every 90 seconds".
  const period = (seconds: number) =>
    seconds % 86_400 === 0
      ? format(table.approve.perDays, { count: seconds / 86_400 })
      : seconds % 3600 === 0
      ? format(table.approve.perHours, { count: seconds / 3600 })
      : format(table.approve.perSeconds, { count: seconds })
  const dates = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" })
  return {
    ...table,
    trust: { ...table.trust, markerIntro: (sign) => format(table.trust.markerIntro, { sign }) },
    otp: {
      ...table.otp,
      sentTo: (email) => format(table.otp.sentTo, { email }),
      sentToNew: (email) => format(table.otp.sentToNew, { email }),
      wrong: (triesLeft) => format(table.otp.wrong, { triesLeft })
    },
    approve: {
      ...table.approve,
      transaction: (index, count) => format(table.approve.transaction, { index, count }),
      unknownNetwork: (chainId) => format(table.approve.unknownNetwork, { chainId }),
      permissionGrant: (site, amount, periodSeconds, until) =>
        format(table.approve.permissionGrant, { site, amount, period: period(periodSeconds), until: dates.format(until * 1000) }),
      permissionRevoke: (site, amount, periodSeconds) => format(table.approve.permissionRevoke, { site, amount, period: period(periodSeconds) })
    },
    intent: {
      ...table.intent,
      // Without the network's words the sentence ends at its own full stop (no empty isolate after it).
      simulationReverted: (reason) => reason === "" ? format(table.intent.simulationReverted, { reason }).replace(emptyTail, "") : format(table.intent.simulationReverted, { reason })
    }
  }
}

/** The panels' words in `locale`; English when its chunk cannot be fetched (the inline fallback). */
export const stringsFor = (locale: Locale.Locale): Promise<PanelStrings> =>
  loadTable(locale).then((table) => fill(locale, table), () => fill("en", en))
