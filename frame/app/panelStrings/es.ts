/** Español: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const es: PanelTable = {
  loading: "Cargando…",
  ended: "Esta solicitud ya no está esperando por ti.",
  sessionExpired: "Sesión caducada: vuelve a iniciar sesión.",
  failed: "Algo salió mal. Inténtalo de nuevo.",
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
    call: "Llamada",
    data: "Datos",
    message: "Mensaje",
    typedDataType: "Tipo",
    domain: "Dominio",
    programs: "Programas",
    transaction: "Transacción {index} de {count}",
    fee: "Comisión de red (máxima)",
    approve: "Aprobar",
    reject: "Rechazar",
    approved: "Aprobada",
    rejected: "Rechazada"
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
