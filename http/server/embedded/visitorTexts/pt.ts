/** Português (Brazilian wording, "você", "login" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const pt: VisitorTexts = {
  mail: {
    code: { subject: "Seu código de login", intro: "Seu código de login é:" },
    device: {
      subject: "Aprove o login em um novo dispositivo",
      intro: "Alguém pediu para entrar com este endereço em um novo dispositivo. Se foi você, abra este link para aprovar o dispositivo:",
      outro: "Depois que o dispositivo for aprovado, você receberá um código de login. O link vale por 10 minutos. Se não foi você, ignore esta mensagem."
    },
    updateCurrent: { subject: "Confirme a alteração do seu e-mail", intro: "Para alterar seu endereço de login para {email}, digite este código:" },
    updateNew: { subject: "Confirme seu novo e-mail", intro: "Para usar este endereço no login, digite este código:" },
    codeValidity: "Ele vale por 10 minutos. Se você não pediu este código, ignore esta mensagem."
  },
  approval: {
    confirm: {
      title: "Aprovar este dispositivo?",
      body: "Alguém pediu para entrar com este endereço em um novo dispositivo. Se foi você, aprove o dispositivo; se não, feche esta página."
    },
    approved: { title: "Dispositivo aprovado", body: "Este dispositivo foi aprovado. Volte ao site: seu código de login está a caminho." },
    gone: { title: "Link expirado", body: "Este link expirou ou já foi usado. Comece o login de novo." },
    mailFailed: { title: "Tente novamente", body: "Não foi possível enviar o código de login. Abra este link de novo daqui a pouco." },
    forbidden: { title: "Não aprovado", body: "Aprove o dispositivo pelo botão da página que este link abre." },
    button: "Aprovar este dispositivo"
  },
  socialDone: {
    signedIn: { title: "Login concluído", body: "O login é concluído na janela em que começou. Você já pode fechar esta janela." },
    failed: { title: "Login não concluído", body: "O login não foi concluído. Você pode fechar esta janela e tentar de novo." }
  }
}
