/** Nederlands: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const nl: PanelTable = {
  loading: "Laden…",
  ended: "Dit verzoek wacht niet meer op je.",
  sessionExpired: "Sessie verlopen: log opnieuw in.",
  failed: "Er ging iets mis. Probeer het opnieuw.",
  trust: {
    site: "Aangevraagd door",
    marker: "Het teken van je wallet",
    noMarker: "Het teken van je wallet verschijnt hier zodra je wallet in deze browser is ingesteld.",
    markerIntro: "Het teken van je wallet in deze browser is {sign}. De panelen van je wallet tonen het altijd bovenaan: typ nooit een code en keur nooit iets goed waar het ontbreekt."
  },
  guard: {
    steady: "Even geduld: de knoppen werken zodra dit paneel een moment volledig in beeld is geweest.",
    hidden: "Dit paneel is bedekt of kan niet aantonen dat het zichtbaar is. Beslis in plaats daarvan in een eigen venster van de wallet.",
    openWindow: "Venster van de wallet openen",
    windowOpened: "Ga verder in het venster van de wallet.",
    windowBlocked: "De browser heeft het venster van de wallet geblokkeerd. Sta pop-ups toe voor deze site en probeer het opnieuw."
  },
  otp: {
    title: "Voer je code in",
    sentTo: "Typ de 6-cijferige code die we naar {email} hebben gestuurd. Typ hem alleen hier, in het eigen paneel van je wallet.",
    sentToCurrent: "Typ de 6-cijferige code die we naar je huidige e-mailadres hebben gestuurd.",
    sentToNew: "Typ nu de 6-cijferige code die we naar {email} hebben gestuurd.",
    label: "Code",
    submit: "Bevestigen",
    wrong: "Die code klopt niet. Nog {triesLeft, plural, one {# poging} other {# pogingen}}.",
    expired: "Deze code is verlopen. Vraag een nieuwe aan.",
    locked: "Te veel foute codes. Vraag een nieuwe aan.",
    emailInUse: "Dit e-mailadres hoort bij een ander account.",
    done: "Code bevestigd."
  },
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
    data: "Gegevens",
    message: "Bericht",
    typedDataType: "Type",
    domain: "Domein",
    transaction: "Transactie {index} van {count}",
    fee: "Netwerkkosten (maximaal)",
    approve: "Goedkeuren",
    reject: "Weigeren",
    approved: "Goedgekeurd",
    rejected: "Geweigerd",
    unknownNetwork: "Onbekend netwerk ({chainId})",
    truncated: "Dit verzoek is langer dan de wallet kan tonen: een deel is hier afgekapt.",
    unreadable: "De wallet kan niet zien wat deze aanroep doet. Keur alleen goed als je de site vertrouwt en weet wat die vraagt."
  },
  intent: {
    action: "Actie",
    transfer: "Tokens sturen",
    approve: "Uitgeven van je tokens toestaan",
    nftApprove: "Overdracht van één verzamelobject toestaan",
    nftTransfer: "Verzamelobjecten sturen",
    approvalForAll: "Overdracht van een hele collectie toestaan",
    revokeAll: "Toestemming voor een hele collectie intrekken",
    permit: "Handtekening die het uitgeven van je tokens toestaat (Permit)",
    permit2: "Handtekening die het uitgeven van je tokens toestaat (Permit2)",
    solTransfer: "SOL sturen",
    program: "Programma-aanroep",
    token: "Token",
    amount: "Bedrag",
    sender: "Van",
    recipient: "Aan",
    spender: "Besteder",
    operator: "Operator",
    items: "Objecten",
    until: "Geldig tot",
    authority: "Ondertekend door",
    writable: "Rekeningen die het mag wijzigen",
    unlimited: "Onbeperkt: de besteder mag al deze tokens die je hebt nemen, nu en later.",
    wholeCollection: "De operator mag elk object uit deze collectie dat je hebt nemen, nu en later.",
    changes: "Wat er in je wallet verandert",
    noChanges: "Er verandert niets in je wallet.",
    simulationUnavailable: "Dit netwerk kan het verzoek niet simuleren, dus het effect kon niet worden gecontroleerd: lees hierboven wat het doet.",
    simulationReverted: "De simulatie is mislukt: dit verzoek zou hoogstwaarschijnlijk mislukken. {reason}"
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
