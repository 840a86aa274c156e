/** Nederlands ("je", "inloggen" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const nl: VisitorTexts = {
  mail: {
    code: { subject: "Je inlogcode", intro: "Je inlogcode is:" },
    device: {
      subject: "Inloggen op een nieuw apparaat goedkeuren",
      intro: "Iemand wil met dit adres inloggen op een nieuw apparaat. Was jij dat? Open dan deze link om het apparaat goed te keuren:",
      outro: "Zodra het apparaat is goedgekeurd, krijg je een inlogcode. De link is 10 minuten geldig. Was jij het niet? Negeer dan dit bericht."
    },
    updateCurrent: { subject: "Bevestig de wijziging van je e-mailadres", intro: "Voer deze code in om je inlogadres te wijzigen in {email}:" },
    updateNew: { subject: "Bevestig je nieuwe e-mailadres", intro: "Voer deze code in om dit je inlogadres te maken:" },
    codeValidity: "Hij is 10 minuten geldig. Heb je hem niet aangevraagd? Negeer dan dit bericht."
  },
  approval: {
    confirm: {
      title: "Dit apparaat goedkeuren?",
      body: "Iemand wil met dit adres inloggen op een nieuw apparaat. Was jij dat, keur het apparaat dan goed; zo niet, sluit deze pagina."
    },
    approved: { title: "Apparaat goedgekeurd", body: "Dit apparaat is goedgekeurd. Ga terug naar de website: je inlogcode is onderweg." },
    gone: { title: "Link niet meer geldig", body: "Deze link is verlopen of al gebruikt. Begin opnieuw met inloggen." },
    mailFailed: { title: "Probeer het opnieuw", body: "De inlogcode kon niet worden verstuurd. Open deze link zo nog een keer." },
    forbidden: { title: "Niet goedgekeurd", body: "Keur het apparaat goed met de knop op de pagina die deze link opent." },
    button: "Dit apparaat goedkeuren"
  },
  socialDone: {
    signedIn: { title: "Ingelogd", body: "Het inloggen wordt afgerond in het venster waarin het begon. Je kunt dit venster sluiten." },
    failed: { title: "Inloggen niet voltooid", body: "Het inloggen is niet voltooid. Sluit dit venster en probeer het opnieuw." }
  }
}
