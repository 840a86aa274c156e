/** Deutsch (informal "du", as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const de: VisitorTexts = {
  mail: {
    code: { subject: "Dein Anmeldecode", intro: "Dein Anmeldecode lautet:" },
    device: {
      subject: "Anmeldung auf einem neuen Gerät bestätigen",
      intro: "Jemand möchte sich mit dieser Adresse auf einem neuen Gerät anmelden. Wenn du das warst, öffne diesen Link, um das Gerät zu bestätigen:",
      outro: "Sobald das Gerät bestätigt ist, bekommst du einen Anmeldecode. Der Link ist 10 Minuten gültig. Wenn du das nicht warst, ignoriere diese Nachricht."
    },
    updateCurrent: { subject: "Änderung deiner E-Mail-Adresse bestätigen", intro: "Um deine Anmeldeadresse in {email} zu ändern, gib diesen Code ein:" },
    updateNew: { subject: "Neue E-Mail-Adresse bestätigen", intro: "Um diese Adresse als Anmeldeadresse zu verwenden, gib diesen Code ein:" },
    codeValidity: "Er ist 10 Minuten gültig. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht."
  },
  approval: {
    confirm: {
      title: "Dieses Gerät bestätigen?",
      body: "Jemand möchte sich mit dieser Adresse auf einem neuen Gerät anmelden. Wenn du das warst, bestätige das Gerät; sonst schließe diese Seite."
    },
    approved: { title: "Gerät bestätigt", body: "Dieses Gerät ist bestätigt. Kehre zur Website zurück: Dein Anmeldecode ist unterwegs." },
    gone: { title: "Link nicht mehr gültig", body: "Dieser Link ist abgelaufen oder wurde schon verwendet. Starte die Anmeldung erneut." },
    mailFailed: { title: "Bitte versuche es erneut", body: "Der Anmeldecode konnte nicht gesendet werden. Öffne diesen Link gleich noch einmal." },
    forbidden: { title: "Nicht bestätigt", body: "Bestätige das Gerät mit der Schaltfläche auf der Seite, die dieser Link öffnet." },
    button: "Gerät bestätigen"
  },
  socialDone: {
    signedIn: { title: "Angemeldet", body: "Die Anmeldung wird in dem Fenster abgeschlossen, in dem sie begonnen hat. Du kannst dieses Fenster schließen." },
    failed: { title: "Anmeldung nicht abgeschlossen", body: "Die Anmeldung wurde nicht abgeschlossen. Schließe dieses Fenster und versuche es erneut." }
  }
}
