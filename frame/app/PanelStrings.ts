/**
 * The panels' words in the modal's locale (from `SYNC_DAPP_DATA`): English here, inline as the fallback,
 * every other locale a chunk of its own in `panelStrings/`, fetched only when it is the visitor's.
 * Templates are core/MessageFormat.ts's, as the modal's. Failures are named by their tag so each reads
 * in the visitor's language.
 */
import type * as Locale from "../../core/Locale.ts"
import * as MessageFormat from "../../core/MessageFormat.ts"

/** One locale's words, as its table holds them. */
export interface PanelTable {
  readonly loading: string
  readonly ended: string
  readonly sessionExpired: string
  readonly failed: string
  readonly approve: {
    readonly titles: Readonly<Record<string, string>>
    readonly fallbackTitle: string
    readonly network: string
    readonly from: string
    readonly to: string
    readonly contractCreation: string
    readonly value: string
    readonly call: string
    readonly data: string
    readonly message: string
    readonly typedDataType: string
    readonly domain: string
    readonly programs: string
    /** `{index}` of `{count}` transactions in a bundle. */
    readonly transaction: string
    readonly fee: string
    readonly approve: string
    readonly reject: string
    readonly approved: string
    readonly rejected: string
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
export interface PanelStrings extends Omit<PanelTable, "approve"> {
  readonly approve: Omit<PanelTable["approve"], "transaction"> & {
    readonly transaction: (index: number, count: number) => string
  }
}

export const en: PanelTable = {
  loading: "Loading…",
  ended: "This request is no longer waiting for you.",
  sessionExpired: "Session Expired: sign in again.",
  failed: "Something went wrong. Please try again.",
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
    call: "Call",
    data: "Data",
    message: "Message",
    typedDataType: "Type",
    domain: "Domain",
    programs: "Programs",
    transaction: "Transaction {index} of {count}",
    fee: "Network fee (at most)",
    approve: "Approve",
    reject: "Reject",
    approved: "Approved",
    rejected: "Rejected"
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

/** `table`'s words with its templates filled in `locale`. */
export const fill = (locale: Locale.Locale, table: PanelTable): PanelStrings => ({
  ...table,
  approve: {
    ...table.approve,
    transaction: (index, count) => MessageFormat.format(locale, table.approve.transaction, { index, count })
  }
})

/** The panels' words in `locale`; English when its chunk cannot be fetched (the inline fallback). */
export const stringsFor = (locale: Locale.Locale): Promise<PanelStrings> =>
  loadTable(locale).then((table) => fill(locale, table), () => fill("en", en))
