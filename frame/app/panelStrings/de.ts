/** Deutsch: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const de: PanelTable = {
  loading: "Wird geladen…",
  ended: "Diese Anfrage wartet nicht mehr auf dich.",
  sessionExpired: "Sitzung abgelaufen: Bitte melde dich erneut an.",
  failed: "Etwas ist schiefgelaufen. Bitte versuche es erneut.",
  trust: {
    site: "Angefragt von",
    marker: "Das Zeichen deiner Wallet",
    noMarker: "Das Zeichen deiner Wallet erscheint hier, sobald sie in diesem Browser eingerichtet ist.",
    markerIntro: "Das Zeichen deiner Wallet in diesem Browser ist {sign}. Die Fenster deiner Wallet zeigen es immer oben: Gib nie einen Code ein und bestätige nichts, wo es fehlt."
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
    sentTo: "Gib den 6-stelligen Code ein, den wir an {email} gesendet haben. Gib ihn nur hier ein, im eigenen Fenster deiner Wallet.",
    sentToCurrent: "Gib den 6-stelligen Code ein, den wir an deine aktuelle E-Mail-Adresse gesendet haben.",
    sentToNew: "Gib jetzt den 6-stelligen Code ein, den wir an {email} gesendet haben.",
    label: "Code",
    submit: "Bestätigen",
    wrong: "Dieser Code stimmt nicht. Noch {triesLeft, plural, one {# Versuch} other {# Versuche}}.",
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
    transaction: "Transaktion {index} von {count}",
    fee: "Netzwerkgebühr (höchstens)",
    approve: "Bestätigen",
    reject: "Ablehnen",
    approved: "Bestätigt",
    rejected: "Abgelehnt",
    unknownNetwork: "Unbekanntes Netzwerk ({chainId})",
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
    simulationReverted: "Die Simulation ist fehlgeschlagen: Diese Anfrage würde sehr wahrscheinlich scheitern. {reason}"
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

export default de
