/** Español: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const es: PanelTable = {
  loading: "Cargando…",
  ended: "Esta solicitud ya no está esperando por ti.",
  sessionExpired: "Sesión caducada: vuelve a iniciar sesión.",
  failed: "Algo salió mal. Inténtalo de nuevo.",
  trust: {
    site: "Solicitado por",
    marker: "La señal de tu billetera",
    noMarker: "La señal de tu billetera aparece aquí cuando tu billetera está configurada en este navegador.",
    markerIntro: "La señal de tu billetera en este navegador es {sign}. Los paneles de tu billetera siempre la muestran arriba: nunca escribas un código ni apruebes nada donde falte."
  },
  guard: {
    steady: "Un momento: los botones funcionan cuando este panel ha estado totalmente visible un instante.",
    hidden: "Este panel está tapado o no puede demostrar que se ve. Decide mejor en una ventana propia de la billetera.",
    openWindow: "Abrir la ventana de la billetera",
    windowOpened: "Continúa en la ventana de la billetera.",
    windowBlocked: "El navegador bloqueó la ventana de la billetera. Permite las ventanas emergentes para este sitio e inténtalo de nuevo."
  },
  otp: {
    title: "Introduce tu código",
    sentTo: "Escribe el código de 6 dígitos que enviamos a {email}. Escríbelo solo aquí, en el panel propio de tu billetera.",
    sentToCurrent: "Escribe el código de 6 dígitos que enviamos a tu correo actual.",
    sentToNew: "Ahora escribe el código de 6 dígitos que enviamos a {email}.",
    label: "Código",
    submit: "Confirmar",
    wrong: "Ese código no es correcto. {triesLeft, plural, one {Queda # intento} many {Quedan # de intentos} other {Quedan # intentos}}.",
    expired: "Este código ha caducado. Pide uno nuevo.",
    locked: "Demasiados códigos incorrectos. Pide uno nuevo.",
    emailInUse: "Este correo electrónico pertenece a otra cuenta.",
    done: "Código confirmado."
  },
  approve: {
    titles: {
      personal_sign: "Firmar mensaje",
      eth_signTypedData_v4: "Firmar datos estructurados",
      eth_sendTransaction: "Enviar transacción",
      wallet_sendCalls: "Enviar llamadas",
      solana_signMessage: "Firmar mensaje",
      solana_signTransaction: "Firmar transacción",
      solana_signAllTransactions: "Firmar transacciones",
      solana_signAndSendTransaction: "Enviar transacción"
    },
    fallbackTitle: "Aprobar solicitud",
    network: "Red",
    from: "De",
    to: "Para",
    contractCreation: "Contrato nuevo",
    value: "Importe",
    data: "Datos",
    message: "Mensaje",
    typedDataType: "Tipo",
    domain: "Dominio",
    transaction: "Transacción {index} de {count}",
    fee: "Comisión de red (máxima)",
    approve: "Aprobar",
    reject: "Rechazar",
    approved: "Aprobada",
    rejected: "Rechazada",
    unknownNetwork: "Red desconocida ({chainId})",
    truncated: "Esta solicitud es más larga de lo que la billetera puede mostrar: una parte está cortada aquí.",
    unreadable: "La billetera no puede saber qué hace esta llamada. Aprueba solo si confías en el sitio y sabes lo que pide."
  },
  intent: {
    action: "Acción",
    transfer: "Enviar tokens",
    approve: "Permitir gastar tus tokens",
    nftApprove: "Permitir transferir un coleccionable",
    nftTransfer: "Enviar coleccionables",
    approvalForAll: "Permitir transferir una colección entera",
    revokeAll: "Retirar el permiso sobre una colección entera",
    permit: "Firma que permite gastar tus tokens (Permit)",
    permit2: "Firma que permite gastar tus tokens (Permit2)",
    solTransfer: "Enviar SOL",
    program: "Llamada a programa",
    token: "Token",
    amount: "Importe",
    sender: "De",
    recipient: "Para",
    spender: "Autorizado a gastar",
    operator: "Operador",
    items: "Artículos",
    until: "Válido hasta",
    authority: "Firmado por",
    writable: "Cuentas que puede cambiar",
    unlimited: "Ilimitado: el autorizado puede tomar todo este token que tengas, ahora y más adelante.",
    wholeCollection: "El operador puede tomar cada artículo de esta colección que tengas, ahora y más adelante.",
    changes: "Qué cambia en tu billetera",
    noChanges: "Nada cambia en tu billetera.",
    simulationUnavailable: "Esta red no puede simular la solicitud, así que no se pudo comprobar su efecto: lee arriba lo que hace.",
    simulationReverted: "La simulación falló: lo más probable es que esta solicitud falle. {reason}"
  },
  setup: {
    title: "Protege tu billetera",
    intro: "Si este navegador olvida tu billetera, la recuperas con una llave de acceso o un código de recuperación.",
    passkey: "Crear una llave de acceso",
    useCode: "Usar un código de recuperación",
    codeIntro: "Anota este código de recuperación y guárdalo en un lugar seguro. Solo se muestra una vez.",
    saved: "Ya guardé mi código de recuperación",
    finish: "Crear mi billetera",
    passkeyUnavailable: "Esta llave de acceso no puede proteger tu billetera. Usa un código de recuperación.",
    passkeyCancelled: "No se creó la llave de acceso. Inténtalo de nuevo o usa un código de recuperación.",
    done: "Tu billetera está lista."
  },
  recover: {
    title: "Recupera tu billetera",
    introPasskey: "Este navegador aún no conoce tu billetera. Ábrela con tu llave de acceso.",
    introCode: "Este navegador aún no conoce tu billetera. Introduce tu código de recuperación para abrirla.",
    passkey: "Usar mi llave de acceso",
    codeLabel: "Código de recuperación",
    submit: "Recuperar",
    invalidCode: "Este no es el código de recuperación: revisa que no tenga erratas.",
    wrongFactor: "Este código no abre tu billetera.",
    passkeyCancelled: "No se usó la llave de acceso. Inténtalo de nuevo.",
    done: "Tu billetera está abierta."
  },
  export: {
    title: "Exporta tus claves",
    warning: "Quien las vea puede llevarse todo lo que hay en tu billetera. No las compartas nunca y muéstralas solo donde nadie mire.",
    show: "Mostrar mis claves",
    cancel: "Cancelar",
    phrase: "Frase de recuperación",
    evmKey: "Clave privada EVM",
    solanaKey: "Clave privada de Solana",
    copy: "Copiar",
    copied: "Copiado",
    copyFailed: "Aquí no se permite copiar: selecciona el texto.",
    done: "Listo"
  }
}

export default es
