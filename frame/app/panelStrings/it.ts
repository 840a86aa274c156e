/** Italiano: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const it: PanelTable = {
  loading: "Caricamento…",
  ended: "Questa richiesta non è più in attesa.",
  sessionExpired: "Sessione scaduta: accedi di nuovo.",
  failed: "Qualcosa è andato storto. Riprova.",
  trust: {
    site: "Richiesto da",
    marker: "Il segno del tuo wallet",
    noMarker: "Il segno del tuo wallet compare qui appena il wallet è configurato in questo browser.",
    markerIntro: "Il segno del tuo wallet in questo browser è {sign}. I pannelli del tuo wallet lo mostrano sempre in alto: non inserire mai un codice e non approvare nulla dove manca."
  },
  guard: {
    steady: "Un attimo: i pulsanti funzionano dopo che questo pannello è stato completamente visibile per un momento.",
    hidden: "Questo pannello è coperto o non può dimostrare di essere visibile. Decidi invece in una finestra del wallet stesso.",
    openWindow: "Apri la finestra del wallet",
    windowOpened: "Continua nella finestra del wallet.",
    windowBlocked: "Il browser ha bloccato la finestra del wallet. Consenti i pop-up per questo sito e riprova."
  },
  otp: {
    title: "Inserisci il codice",
    sentTo: "Inserisci il codice di 6 cifre che abbiamo inviato a {email}. Inseriscilo solo qui, nel pannello del tuo wallet.",
    sentToCurrent: "Inserisci il codice di 6 cifre che abbiamo inviato al tuo indirizzo email attuale.",
    sentToNew: "Ora inserisci il codice di 6 cifre che abbiamo inviato a {email}.",
    label: "Codice",
    submit: "Conferma",
    wrong: "Il codice non è corretto. {triesLeft, plural, one {Resta # tentativo} many {Restano # di tentativi} other {Restano # tentativi}}.",
    expired: "Questo codice è scaduto. Richiedine uno nuovo.",
    locked: "Troppi codici errati. Richiedine uno nuovo.",
    emailInUse: "Questo indirizzo email appartiene a un altro account.",
    done: "Codice confermato."
  },
  approve: {
    titles: {
      personal_sign: "Firma messaggio",
      eth_signTypedData_v4: "Firma dati strutturati",
      eth_sendTransaction: "Invia transazione",
      wallet_sendCalls: "Invia chiamate",
      solana_signMessage: "Firma messaggio",
      solana_signTransaction: "Firma transazione",
      solana_signAllTransactions: "Firma transazioni",
      solana_signAndSendTransaction: "Invia transazione"
    },
    fallbackTitle: "Approva richiesta",
    network: "Rete",
    from: "Da",
    to: "A",
    contractCreation: "Nuovo contratto",
    value: "Importo",
    data: "Dati",
    message: "Messaggio",
    typedDataType: "Tipo",
    domain: "Dominio",
    transaction: "Transazione {index} di {count}",
    fee: "Commissione di rete (massima)",
    approve: "Approva",
    reject: "Rifiuta",
    approved: "Approvata",
    rejected: "Rifiutata",
    unknownNetwork: "Rete sconosciuta ({chainId})",
    truncated: "Questa richiesta è più lunga di quanto il wallet possa mostrare: una parte è tagliata qui.",
    unreadable: "Il wallet non riesce a capire cosa fa questa chiamata. Approva solo se ti fidi del sito e sai cosa chiede."
  },
  intent: {
    action: "Azione",
    transfer: "Invia token",
    approve: "Consenti di spendere i tuoi token",
    nftApprove: "Consenti il trasferimento di un oggetto da collezione",
    nftTransfer: "Invia oggetti da collezione",
    approvalForAll: "Consenti il trasferimento di un'intera collezione",
    revokeAll: "Ritira l'autorizzazione su un'intera collezione",
    permit: "Firma che consente di spendere i tuoi token (Permit)",
    permit2: "Firma che consente di spendere i tuoi token (Permit2)",
    solTransfer: "Invia SOL",
    program: "Chiamata a programma",
    token: "Token",
    amount: "Importo",
    sender: "Da",
    recipient: "A",
    spender: "Autorizzato a spendere",
    operator: "Operatore",
    items: "Oggetti",
    until: "Valido fino al",
    authority: "Firmato da",
    writable: "Conti che può modificare",
    unlimited: "Illimitato: l'autorizzato può prendere tutto questo token che possiedi, ora e in futuro.",
    wholeCollection: "L'operatore può prendere ogni oggetto di questa collezione che possiedi, ora e in futuro.",
    changes: "Cosa cambia nel tuo wallet",
    noChanges: "Nel tuo wallet non cambia nulla.",
    simulationUnavailable: "Questa rete non può simulare la richiesta, quindi il suo effetto non è stato verificato: leggi sopra cosa fa.",
    simulationReverted: "La simulazione non è riuscita: molto probabilmente questa richiesta fallirebbe. {reason}"
  },
  setup: {
    title: "Proteggi il tuo wallet",
    intro: "Se questo browser dimentica il tuo wallet, lo recuperi con una passkey o un codice di recupero.",
    passkey: "Crea una passkey",
    useCode: "Usa invece un codice di recupero",
    codeIntro: "Annota questo codice di recupero e conservalo al sicuro. Viene mostrato una sola volta.",
    saved: "Ho salvato il mio codice di recupero",
    finish: "Crea il mio wallet",
    passkeyUnavailable: "Questa passkey non può proteggere il tuo wallet. Usa invece un codice di recupero.",
    passkeyCancelled: "La passkey non è stata creata. Riprova o usa un codice di recupero.",
    done: "Il tuo wallet è pronto."
  },
  recover: {
    title: "Recupera il tuo wallet",
    introPasskey: "Questo browser non conosce ancora il tuo wallet. Aprilo con la tua passkey.",
    introCode: "Questo browser non conosce ancora il tuo wallet. Inserisci il codice di recupero per aprirlo.",
    passkey: "Usa la mia passkey",
    codeLabel: "Codice di recupero",
    submit: "Recupera",
    invalidCode: "Questo non è il codice di recupero: controlla che non ci siano errori di battitura.",
    wrongFactor: "Questo codice non apre il tuo wallet.",
    passkeyCancelled: "La passkey non è stata usata. Riprova.",
    done: "Il tuo wallet è aperto."
  },
  export: {
    title: "Esporta le tue chiavi",
    warning: "Chiunque le veda può prendere tutto ciò che c'è nel tuo wallet. Non condividerle mai e mostrale solo dove nessuno può vederle.",
    show: "Mostra le mie chiavi",
    cancel: "Annulla",
    phrase: "Frase di recupero",
    evmKey: "Chiave privata EVM",
    solanaKey: "Chiave privata Solana",
    copy: "Copia",
    copied: "Copiato",
    copyFailed: "Qui non è consentito copiare: seleziona il testo.",
    done: "Fatto"
  }
}

export default it
