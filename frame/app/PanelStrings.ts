/**
 * The panels' words, in English and German (the modal's locale, from `SYNC_DAPP_DATA`). Failures are
 * named by their tag so each reads in the visitor's language.
 */
export interface PanelStrings {
  readonly loading: string
  readonly ended: string
  readonly sessionExpired: string
  readonly failed: string
  /** What every panel shows above its content, so the visitor can tell the wallet's own panel from a copy. */
  readonly trust: {
    readonly site: string
    readonly marker: string
    readonly noMarker: string
    readonly markerIntro: (sign: string) => string
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
    readonly sentTo: (email: string) => string
    readonly sentToCurrent: string
    readonly sentToNew: (email: string) => string
    readonly label: string
    readonly submit: string
    readonly wrong: (triesLeft: number) => string
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
    readonly transaction: (index: number, count: number) => string
    readonly fee: string
    readonly approve: string
    readonly reject: string
    readonly approved: string
    readonly rejected: string
    readonly unknownNetwork: (chainId: string) => string
    readonly truncated: string
    readonly unreadable: string
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
    readonly simulationReverted: (reason: string) => string
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
  trust: {
    site: "Requested by",
    marker: "Your wallet's sign",
    noMarker: "Your wallet's sign appears here once your wallet is set up on this browser.",
    markerIntro: (sign) => `Your wallet's sign on this browser is ${sign}. Your wallet's panels always show it at the top: never type a code or approve anything where it is missing.`
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
    sentTo: (email) => `Type the 6-digit code we sent to ${email}. Type it only here, in your wallet's own panel.`,
    sentToCurrent: "Type the 6-digit code we sent to your current email address.",
    sentToNew: (email) => `Now type the 6-digit code we sent to ${email}.`,
    label: "Code",
    submit: "Confirm",
    wrong: (triesLeft) => `That code is not right. ${triesLeft} ${triesLeft === 1 ? "try" : "tries"} left.`,
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
    transaction: (index, count) => `Transaction ${index} of ${count}`,
    fee: "Network fee (at most)",
    approve: "Approve",
    reject: "Reject",
    approved: "Approved",
    rejected: "Rejected",
    unknownNetwork: (chainId) => `Unknown network (${chainId})`,
    truncated: "This request is longer than the wallet can show: part of it is cut off here.",
    unreadable: "The wallet cannot tell what this call does. Approve only if you trust the site and know what it asks."
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
    simulationReverted: (reason) => `The simulation failed: this request would most likely fail. ${reason}`.trim()
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
  trust: {
    site: "Angefragt von",
    marker: "Das Zeichen deiner Wallet",
    noMarker: "Das Zeichen deiner Wallet erscheint hier, sobald sie in diesem Browser eingerichtet ist.",
    markerIntro: (sign) => `Das Zeichen deiner Wallet in diesem Browser ist ${sign}. Die Fenster deiner Wallet zeigen es immer oben: Gib nie einen Code ein und bestätige nichts, wo es fehlt.`
  },
  guard: {
    steady: "Einen Moment: Die Schaltflächen funktionieren, sobald dieses Fenster kurz vollständig zu sehen war.",
    hidden: "Dieses Fenster ist verdeckt oder kann nicht belegen, dass es zu sehen ist. Entscheide stattdessen in einem eigenen Fenster der Wallet.",
    openWindow: "Fenster der Wallet öffnen",
    windowOpened: "Fahre im Fenster der Wallet fort.",
    windowBlocked: "Der Browser hat das Fenster der Wallet blockiert. Erlaube Pop-ups für diese Seite und versuche es erneut."
  },
  otp: {
    title: "Code eingeben",
    sentTo: (email) => `Gib den 6-stelligen Code ein, den wir an ${email} gesendet haben. Gib ihn nur hier ein, im eigenen Fenster deiner Wallet.`,
    sentToCurrent: "Gib den 6-stelligen Code ein, den wir an deine aktuelle E-Mail-Adresse gesendet haben.",
    sentToNew: (email) => `Gib jetzt den 6-stelligen Code ein, den wir an ${email} gesendet haben.`,
    label: "Code",
    submit: "Bestätigen",
    wrong: (triesLeft) => `Dieser Code stimmt nicht. Noch ${triesLeft} ${triesLeft === 1 ? "Versuch" : "Versuche"}.`,
    expired: "Dieser Code ist abgelaufen. Fordere einen neuen an.",
    locked: "Zu viele falsche Codes. Fordere einen neuen an.",
    emailInUse: "Diese E-Mail-Adresse gehört zu einem anderen Konto.",
    done: "Code bestätigt."
  },
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
    data: "Daten",
    message: "Nachricht",
    typedDataType: "Typ",
    domain: "Domäne",
    transaction: (index, count) => `Transaktion ${index} von ${count}`,
    fee: "Netzwerkgebühr (höchstens)",
    approve: "Bestätigen",
    reject: "Ablehnen",
    approved: "Bestätigt",
    rejected: "Abgelehnt",
    unknownNetwork: (chainId) => `Unbekanntes Netzwerk (${chainId})`,
    truncated: "Diese Anfrage ist länger, als die Wallet zeigen kann: Ein Teil ist hier abgeschnitten.",
    unreadable: "Die Wallet kann nicht erkennen, was dieser Aufruf tut. Bestätige nur, wenn du der Seite vertraust und weißt, was sie verlangt."
  },
  intent: {
    action: "Aktion",
    transfer: "Token senden",
    approve: "Ausgaben deiner Token erlauben",
    nftApprove: "Übertragung eines Sammelobjekts erlauben",
    nftTransfer: "Sammelobjekte senden",
    approvalForAll: "Übertragung einer ganzen Sammlung erlauben",
    revokeAll: "Erlaubnis für eine ganze Sammlung zurückziehen",
    permit: "Signatur, die Ausgaben deiner Token erlaubt (Permit)",
    permit2: "Signatur, die Ausgaben deiner Token erlaubt (Permit2)",
    solTransfer: "SOL senden",
    program: "Programmaufruf",
    token: "Token",
    amount: "Betrag",
    sender: "Von",
    recipient: "An",
    spender: "Empfänger der Erlaubnis",
    operator: "Betreiber",
    items: "Objekte",
    until: "Gültig bis",
    authority: "Signiert von",
    writable: "Konten, die sich ändern können",
    unlimited: "Unbegrenzt: Der Empfänger darf jetzt und später alle Token dieser Art nehmen, die du hältst.",
    wholeCollection: "Der Betreiber darf jetzt und später jedes Objekt dieser Sammlung nehmen, das du hältst.",
    changes: "Was sich in deiner Wallet ändert",
    noChanges: "In deiner Wallet ändert sich nichts.",
    simulationUnavailable: "Dieses Netzwerk kann die Anfrage nicht simulieren, ihre Wirkung wurde also nicht geprüft: Lies oben, was sie tut.",
    simulationReverted: (reason) => `Die Simulation ist fehlgeschlagen: Diese Anfrage würde sehr wahrscheinlich scheitern. ${reason}`.trim()
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
