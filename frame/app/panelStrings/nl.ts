/** Nederlands: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const nl: PanelTable = {
  loading: "Laden…",
  ended: "Dit verzoek wacht niet meer op je.",
  sessionExpired: "Sessie verlopen: log opnieuw in.",
  failed: "Er ging iets mis. Probeer het opnieuw.",
  approve: {
    titles: {
      personal_sign: "Bericht ondertekenen",
      eth_signTypedData_v4: "Gestructureerde gegevens ondertekenen",
      eth_sendTransaction: "Transactie versturen",
      wallet_sendCalls: "Aanroepen versturen",
      solana_signMessage: "Bericht ondertekenen",
      solana_signTransaction: "Transactie ondertekenen",
      solana_signAllTransactions: "Transacties ondertekenen",
      solana_signAndSendTransaction: "Transactie versturen"
    },
    fallbackTitle: "Verzoek goedkeuren",
    network: "Netwerk",
    from: "Van",
    to: "Aan",
    contractCreation: "Nieuw contract",
    value: "Bedrag",
    call: "Aanroep",
    data: "Gegevens",
    message: "Bericht",
    typedDataType: "Type",
    domain: "Domein",
    programs: "Programma's",
    transaction: "Transactie {index} van {count}",
    fee: "Netwerkkosten (maximaal)",
    approve: "Goedkeuren",
    reject: "Weigeren",
    approved: "Goedgekeurd",
    rejected: "Geweigerd"
  },
  setup: {
    title: "Beveilig je wallet",
    intro: "Vergeet deze browser je wallet, dan herstel je hem met een toegangssleutel of een herstelcode.",
    passkey: "Toegangssleutel aanmaken",
    useCode: "Liever een herstelcode gebruiken",
    codeIntro: "Schrijf deze herstelcode op en bewaar hem veilig. Hij wordt maar één keer getoond.",
    saved: "Ik heb mijn herstelcode bewaard",
    finish: "Mijn wallet aanmaken",
    passkeyUnavailable: "Deze toegangssleutel kan je wallet niet beveiligen. Gebruik liever een herstelcode.",
    passkeyCancelled: "De toegangssleutel is niet aangemaakt. Probeer het opnieuw of gebruik een herstelcode.",
    done: "Je wallet is klaar."
  },
  recover: {
    title: "Herstel je wallet",
    introPasskey: "Deze browser kent je wallet nog niet. Open hem met je toegangssleutel.",
    introCode: "Deze browser kent je wallet nog niet. Voer je herstelcode in om hem te openen.",
    passkey: "Mijn toegangssleutel gebruiken",
    codeLabel: "Herstelcode",
    submit: "Herstellen",
    invalidCode: "Dit is niet de herstelcode: controleer hem op typefouten.",
    wrongFactor: "Deze code opent je wallet niet.",
    passkeyCancelled: "De toegangssleutel is niet gebruikt. Probeer het opnieuw.",
    done: "Je wallet is geopend."
  },
  export: {
    title: "Je sleutels exporteren",
    warning: "Wie deze gegevens ziet, kan alles uit je wallet halen. Deel ze nooit en toon ze alleen waar niemand meekijkt.",
    show: "Mijn sleutels tonen",
    cancel: "Annuleren",
    phrase: "Herstelzin",
    evmKey: "Privésleutel EVM",
    solanaKey: "Privésleutel Solana",
    copy: "Kopiëren",
    copied: "Gekopieerd",
    copyFailed: "Kopiëren is hier niet toegestaan: selecteer de tekst.",
    done: "Klaar"
  }
}

export default nl
