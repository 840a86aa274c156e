/** Español (tuteo, as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const es: VisitorTexts = {
  mail: {
    code: { subject: "Tu código de inicio de sesión", intro: "Tu código de inicio de sesión es:" },
    device: {
      subject: "Aprueba el inicio de sesión en un dispositivo nuevo",
      intro: "Alguien pidió iniciar sesión con esta dirección en un dispositivo nuevo. Si fuiste tú, abre este enlace para aprobar el dispositivo:",
      outro: "Cuando el dispositivo esté aprobado, recibirás un código de inicio de sesión. El enlace es válido durante 10 minutos. Si no fuiste tú, ignora este mensaje."
    },
    updateCurrent: { subject: "Confirma el cambio de tu correo", intro: "Para cambiar tu dirección de inicio de sesión a {email}, escribe este código:" },
    updateNew: { subject: "Confirma tu nuevo correo electrónico", intro: "Para usar esta dirección al iniciar sesión, escribe este código:" },
    codeValidity: "Es válido durante 10 minutos. Si no lo pediste, ignora este mensaje."
  },
  approval: {
    confirm: {
      title: "¿Aprobar este dispositivo?",
      body: "Alguien pidió iniciar sesión con esta dirección en un dispositivo nuevo. Si fuiste tú, aprueba el dispositivo; si no, cierra esta página."
    },
    approved: { title: "Dispositivo aprobado", body: "Este dispositivo está aprobado. Vuelve al sitio: tu código de inicio de sesión va en camino." },
    gone: { title: "El enlace ya no es válido", body: "Este enlace caducó o ya se usó. Vuelve a iniciar sesión desde el principio." },
    mailFailed: { title: "Vuelve a intentarlo", body: "No se pudo enviar el código de inicio de sesión. Abre este enlace de nuevo en un momento." },
    forbidden: { title: "No aprobado", body: "Aprueba el dispositivo con el botón de la página que abre este enlace." },
    button: "Aprobar este dispositivo"
  },
  socialDone: {
    signedIn: { title: "Sesión iniciada", body: "El inicio de sesión se completa en la ventana donde empezó. Puedes cerrar esta ventana." },
    failed: { title: "No se completó el inicio de sesión", body: "El inicio de sesión no se completó. Puedes cerrar esta ventana y volver a intentarlo." }
  }
}
