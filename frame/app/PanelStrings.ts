/**
 * The panels' words, in English and German (the modal's locale, from `SYNC_DAPP_DATA`). Failures are
 * named by their tag so each reads in the visitor's language.
 */
export interface PanelStrings {
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
    readonly transaction: (index: number, count: number) => string
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

export const en: PanelStrings = {
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
    transaction: (index, count) => `Transaction ${index} of ${count}`,
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

export const de: PanelStrings = {
  loading: "Wird geladen…",
  ended: "Diese Anfrage wartet nicht mehr auf dich.",
  sessionExpired: "Sitzung abgelaufen: Bitte melde dich erneut an.",
  failed: "Etwas ist schiefgelaufen. Bitte versuche es erneut.",
  approve: {
    titles: {
      personal_sign: "Nachricht signieren",
      eth_signTypedData_v4: "Strukturierte Daten signieren",
      eth_sendTransaction: "Transaktion senden",
      wallet_sendCalls: "Aufrufe senden",
      solana_signMessage: "Nachricht signieren",
      solana_signTransaction: "Transaktion signieren",
      solana_signAllTransactions: "Transaktionen signieren",
      solana_signAndSendTransaction: "Transaktion senden"
    },
    fallbackTitle: "Anfrage bestätigen",
    network: "Netzwerk",
    from: "Von",
    to: "An",
    contractCreation: "Neuer Vertrag",
    value: "Betrag",
    call: "Aufruf",
    data: "Daten",
    message: "Nachricht",
    typedDataType: "Typ",
    domain: "Domäne",
    programs: "Programme",
    transaction: (index, count) => `Transaktion ${index} von ${count}`,
    fee: "Netzwerkgebühr (höchstens)",
    approve: "Bestätigen",
    reject: "Ablehnen",
    approved: "Bestätigt",
    rejected: "Abgelehnt"
  },
  setup: {
    title: "Sichere deine Wallet",
    intro: "Vergisst dieser Browser deine Wallet, stellst du sie mit einem Passkey oder einem Wiederherstellungscode wieder her.",
    passkey: "Passkey erstellen",
    useCode: "Stattdessen einen Wiederherstellungscode verwenden",
    codeIntro: "Schreibe diesen Wiederherstellungscode auf und bewahre ihn sicher auf. Er wird nur einmal angezeigt.",
    saved: "Ich habe meinen Wiederherstellungscode gesichert",
    finish: "Wallet erstellen",
    passkeyUnavailable: "Dieser Passkey kann deine Wallet nicht schützen. Verwende stattdessen einen Wiederherstellungscode.",
    passkeyCancelled: "Der Passkey wurde nicht erstellt. Versuche es erneut oder verwende einen Wiederherstellungscode.",
    done: "Deine Wallet ist bereit."
  },
  recover: {
    title: "Wallet wiederherstellen",
    introPasskey: "Dieser Browser kennt deine Wallet noch nicht. Öffne sie mit deinem Passkey.",
    introCode: "Dieser Browser kennt deine Wallet noch nicht. Gib deinen Wiederherstellungscode ein, um sie zu öffnen.",
    passkey: "Meinen Passkey verwenden",
    codeLabel: "Wiederherstellungscode",
    submit: "Wiederherstellen",
    invalidCode: "Das ist nicht der Wiederherstellungscode: Prüfe ihn auf Tippfehler.",
    wrongFactor: "Dieser Code öffnet deine Wallet nicht.",
    passkeyCancelled: "Der Passkey wurde nicht verwendet. Versuche es erneut.",
    done: "Deine Wallet ist geöffnet."
  },
  export: {
    title: "Schlüssel exportieren",
    warning: "Wer diese Angaben sieht, kann alles aus deiner Wallet nehmen. Teile sie nie und zeige sie nur, wo niemand zusieht.",
    show: "Meine Schlüssel anzeigen",
    cancel: "Abbrechen",
    phrase: "Wiederherstellungsphrase",
    evmKey: "Privater EVM-Schlüssel",
    solanaKey: "Privater Solana-Schlüssel",
    copy: "Kopieren",
    copied: "Kopiert",
    copyFailed: "Kopieren ist hier nicht erlaubt: Markiere den Text stattdessen.",
    done: "Fertig"
  }
}

export const stringsFor = (locale: "en" | "de"): PanelStrings => (locale === "de" ? de : en)
