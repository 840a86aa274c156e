/** Français (vouvoiement, « connexion » for signing in, as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const fr: VisitorTexts = {
  mail: {
    code: { subject: "Votre code de connexion", intro: "Votre code de connexion est :" },
    device: {
      subject: "Approuvez la connexion sur un nouvel appareil",
      intro: "Quelqu'un a demandé à se connecter avec cette adresse sur un nouvel appareil. Si c'est vous, ouvrez ce lien pour approuver l'appareil :",
      outro: "Un code de connexion vous sera envoyé une fois l'appareil approuvé. Le lien est valable 10 minutes. Si ce n'est pas vous, ignorez ce message."
    },
    updateCurrent: { subject: "Confirmez le changement de votre adresse e-mail", intro: "Pour remplacer votre adresse de connexion par {email}, saisissez ce code :" },
    updateNew: { subject: "Confirmez votre nouvelle adresse e-mail", intro: "Pour faire de cette adresse votre adresse de connexion, saisissez ce code :" },
    codeValidity: "Il est valable 10 minutes. Si vous ne l'avez pas demandé, ignorez ce message."
  },
  approval: {
    confirm: {
      title: "Approuver cet appareil ?",
      body: "Quelqu'un a demandé à se connecter avec cette adresse sur un nouvel appareil. Si c'est vous, approuvez l'appareil ; sinon, fermez cette page."
    },
    approved: { title: "Appareil approuvé", body: "Cet appareil est approuvé. Revenez sur le site : votre code de connexion est en route." },
    gone: { title: "Lien expiré", body: "Ce lien a expiré ou a déjà été utilisé. Recommencez la connexion." },
    mailFailed: { title: "Veuillez réessayer", body: "Le code de connexion n'a pas pu être envoyé. Rouvrez ce lien dans un instant." },
    forbidden: { title: "Non approuvé", body: "Approuvez l'appareil avec le bouton de la page qu'ouvre ce lien." },
    button: "Approuver cet appareil"
  },
  socialDone: {
    signedIn: { title: "Connecté", body: "La connexion se termine dans la fenêtre qui l'a lancée. Vous pouvez fermer cette fenêtre." },
    failed: { title: "Connexion non finalisée", body: "La connexion n'a pas abouti. Vous pouvez fermer cette fenêtre et réessayer." }
  }
}
