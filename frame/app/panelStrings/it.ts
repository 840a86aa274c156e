/** Italiano: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const it: PanelTable = {
  loading: "Caricamento…",
  ended: "Questa richiesta non è più in attesa.",
  sessionExpired: "Sessione scaduta: accedi di nuovo.",
  failed: "Qualcosa è andato storto. Riprova.",
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
    call: "Chiamata",
    data: "Dati",
    message: "Messaggio",
    typedDataType: "Tipo",
    domain: "Dominio",
    programs: "Programmi",
    transaction: "Transazione {index} di {count}",
    fee: "Commissione di rete (massima)",
    approve: "Approva",
    reject: "Rifiuta",
    approved: "Approvata",
    rejected: "Rifiutata"
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
