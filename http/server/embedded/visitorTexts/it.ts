/** Italiano (del "tu", "accesso" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const it: VisitorTexts = {
  mail: {
    code: { subject: "Il tuo codice di accesso", intro: "Il tuo codice di accesso è:" },
    device: {
      subject: "Approva l'accesso da un nuovo dispositivo",
      intro: "Qualcuno ha chiesto di accedere con questo indirizzo da un nuovo dispositivo. Se sei stato tu, apri questo link per approvare il dispositivo:",
      outro: "Una volta approvato il dispositivo, riceverai un codice di accesso. Il link è valido per 10 minuti. Se non sei stato tu, ignora questo messaggio."
    },
    updateCurrent: { subject: "Conferma la modifica della tua email", intro: "Per cambiare il tuo indirizzo di accesso in {email}, inserisci questo codice:" },
    updateNew: { subject: "Conferma il tuo nuovo indirizzo email", intro: "Per usare questo indirizzo per accedere, inserisci questo codice:" },
    codeValidity: "È valido per 10 minuti. Se non l'hai richiesto, ignora questo messaggio."
  },
  approval: {
    confirm: {
      title: "Approvare questo dispositivo?",
      body: "Qualcuno ha chiesto di accedere con questo indirizzo da un nuovo dispositivo. Se sei stato tu, approva il dispositivo; altrimenti chiudi questa pagina."
    },
    approved: { title: "Dispositivo approvato", body: "Questo dispositivo è approvato. Torna al sito: il tuo codice di accesso è in arrivo." },
    gone: { title: "Link non più valido", body: "Questo link è scaduto o è già stato usato. Ricomincia l'accesso." },
    mailFailed: { title: "Riprova", body: "Non è stato possibile inviare il codice di accesso. Riapri questo link tra poco." },
    forbidden: { title: "Non approvato", body: "Approva il dispositivo con il pulsante della pagina che apre questo link." },
    button: "Approva questo dispositivo"
  },
  socialDone: {
    signedIn: { title: "Accesso effettuato", body: "L'accesso si completa nella finestra da cui è partito. Puoi chiudere questa finestra." },
    failed: { title: "Accesso non completato", body: "L'accesso non è stato completato. Puoi chiudere questa finestra e riprovare." }
  }
}
