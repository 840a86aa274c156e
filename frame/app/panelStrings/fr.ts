/** Français: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const fr: PanelTable = {
  loading: "Chargement…",
  ended: "Cette demande ne vous attend plus.",
  sessionExpired: "Session expirée : reconnectez-vous.",
  failed: "Une erreur s'est produite. Veuillez réessayer.",
  trust: {
    site: "Demandé par",
    marker: "Le signe de votre portefeuille",
    noMarker: "Le signe de votre portefeuille apparaît ici dès que votre portefeuille est configuré dans ce navigateur.",
    markerIntro: "Le signe de votre portefeuille dans ce navigateur est {sign}. Les panneaux de votre portefeuille l'affichent toujours en haut : ne saisissez jamais de code et n'approuvez rien là où il manque."
  },
  guard: {
    steady: "Un instant : les boutons fonctionnent dès que ce panneau a été entièrement visible un moment.",
    hidden: "Ce panneau est masqué ou ne peut pas prouver qu'il est affiché. Décidez plutôt dans une fenêtre propre au portefeuille.",
    openWindow: "Ouvrir la fenêtre du portefeuille",
    windowOpened: "Continuez dans la fenêtre du portefeuille.",
    windowBlocked: "Le navigateur a bloqué la fenêtre du portefeuille. Autorisez les fenêtres pop-up pour ce site et réessayez."
  },
  otp: {
    title: "Saisissez votre code",
    sentTo: "Saisissez le code à 6 chiffres envoyé à {email}. Saisissez-le uniquement ici, dans le panneau propre à votre portefeuille.",
    sentToCurrent: "Saisissez le code à 6 chiffres envoyé à votre adresse e-mail actuelle.",
    sentToNew: "Saisissez maintenant le code à 6 chiffres envoyé à {email}.",
    label: "Code",
    submit: "Confirmer",
    wrong: "Ce code est incorrect. {triesLeft, plural, one {# essai restant} many {# d'essais restants} other {# essais restants}}.",
    expired: "Ce code a expiré. Demandez-en un nouveau.",
    locked: "Trop de codes erronés. Demandez-en un nouveau.",
    emailInUse: "Cette adresse e-mail appartient à un autre compte.",
    done: "Code confirmé."
  },
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
    data: "Données",
    message: "Message",
    typedDataType: "Type",
    domain: "Domaine",
    transaction: "Transaction {index} sur {count}",
    fee: "Frais de réseau (maximum)",
    approve: "Approuver",
    reject: "Refuser",
    approved: "Approuvé",
    rejected: "Refusé",
    unknownNetwork: "Réseau inconnu ({chainId})",
    truncated: "Cette demande est plus longue que ce que le portefeuille peut afficher : une partie est coupée ici.",
    unreadable: "Le portefeuille ne peut pas déterminer ce que fait cet appel. N'approuvez que si vous faites confiance au site et savez ce qu'il demande."
  },
  intent: {
    action: "Action",
    transfer: "Envoyer des jetons",
    approve: "Autoriser la dépense de vos jetons",
    nftApprove: "Autoriser le transfert d'un objet de collection",
    nftTransfer: "Envoyer des objets de collection",
    approvalForAll: "Autoriser le transfert de toute une collection",
    revokeAll: "Retirer l'autorisation sur toute une collection",
    permit: "Signature autorisant la dépense de vos jetons (Permit)",
    permit2: "Signature autorisant la dépense de vos jetons (Permit2)",
    solTransfer: "Envoyer des SOL",
    program: "Appel de programme",
    token: "Jeton",
    amount: "Montant",
    sender: "De",
    recipient: "À",
    spender: "Bénéficiaire",
    operator: "Opérateur",
    items: "Objets",
    until: "Valable jusqu'au",
    authority: "Signé par",
    writable: "Comptes qu'il peut modifier",
    unlimited: "Illimité : le bénéficiaire peut prendre tout ce jeton que vous détenez, maintenant et plus tard.",
    wholeCollection: "L'opérateur peut prendre chaque objet de cette collection que vous détenez, maintenant et plus tard.",
    changes: "Ce qui change dans votre portefeuille",
    noChanges: "Rien ne change dans votre portefeuille.",
    simulationUnavailable: "Ce réseau ne peut pas simuler la demande, son effet n'a donc pas pu être vérifié : lisez ci-dessus ce qu'elle fait.",
    simulationReverted: "La simulation a échoué : cette demande échouerait très probablement. {reason}"
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
