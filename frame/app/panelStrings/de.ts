/** Deutsch: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const de: PanelTable = {
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
    transaction: "Transaktion {index} von {count}",
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

export default de
