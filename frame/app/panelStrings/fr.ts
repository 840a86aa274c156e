/** Français: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const fr: PanelTable = {
  loading: "Chargement…",
  ended: "Cette demande ne vous attend plus.",
  sessionExpired: "Session expirée : reconnectez-vous.",
  failed: "Une erreur s'est produite. Veuillez réessayer.",
  approve: {
    titles: {
      personal_sign: "Signer le message",
      eth_signTypedData_v4: "Signer des données structurées",
      eth_sendTransaction: "Envoyer la transaction",
      wallet_sendCalls: "Envoyer les appels",
      solana_signMessage: "Signer le message",
      solana_signTransaction: "Signer la transaction",
      solana_signAllTransactions: "Signer les transactions",
      solana_signAndSendTransaction: "Envoyer la transaction"
    },
    fallbackTitle: "Approuver la demande",
    network: "Réseau",
    from: "De",
    to: "À",
    contractCreation: "Nouveau contrat",
    value: "Montant",
    call: "Appel",
    data: "Données",
    message: "Message",
    typedDataType: "Type",
    domain: "Domaine",
    programs: "Programmes",
    transaction: "Transaction {index} sur {count}",
    fee: "Frais de réseau (maximum)",
    approve: "Approuver",
    reject: "Refuser",
    approved: "Approuvé",
    rejected: "Refusé"
  },
  setup: {
    title: "Sécurisez votre portefeuille",
    intro: "Si ce navigateur oublie votre portefeuille, vous le récupérez avec une clé d'accès ou un code de récupération.",
    passkey: "Créer une clé d'accès",
    useCode: "Utiliser plutôt un code de récupération",
    codeIntro: "Notez ce code de récupération et conservez-le en lieu sûr. Il ne s'affiche qu'une seule fois.",
    saved: "J'ai noté mon code de récupération",
    finish: "Créer mon portefeuille",
    passkeyUnavailable: "Cette clé d'accès ne peut pas protéger votre portefeuille. Utilisez plutôt un code de récupération.",
    passkeyCancelled: "La clé d'accès n'a pas été créée. Réessayez ou utilisez un code de récupération.",
    done: "Votre portefeuille est prêt."
  },
  recover: {
    title: "Récupérer votre portefeuille",
    introPasskey: "Ce navigateur ne connaît pas encore votre portefeuille. Ouvrez-le avec votre clé d'accès.",
    introCode: "Ce navigateur ne connaît pas encore votre portefeuille. Saisissez votre code de récupération pour l'ouvrir.",
    passkey: "Utiliser ma clé d'accès",
    codeLabel: "Code de récupération",
    submit: "Récupérer",
    invalidCode: "Ce n'est pas un code de récupération : vérifiez qu'il ne contient pas de faute de frappe.",
    wrongFactor: "Ce code n'ouvre pas votre portefeuille.",
    passkeyCancelled: "La clé d'accès n'a pas été utilisée. Réessayez.",
    done: "Votre portefeuille est ouvert."
  },
  export: {
    title: "Exporter vos clés",
    warning: "Quiconque les voit peut prendre tout ce que contient votre portefeuille. Ne les partagez jamais et ne les affichez qu'à l'abri des regards.",
    show: "Afficher mes clés",
    cancel: "Annuler",
    phrase: "Phrase de récupération",
    evmKey: "Clé privée EVM",
    solanaKey: "Clé privée Solana",
    copy: "Copier",
    copied: "Copié",
    copyFailed: "La copie n'est pas autorisée ici : sélectionnez plutôt le texte.",
    done: "Terminé"
  }
}

export default fr
