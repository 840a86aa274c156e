/** Türkçe (informal imperative, "giriş" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const tr: VisitorTexts = {
  mail: {
    code: { subject: "Giriş kodun", intro: "Giriş kodun:" },
    device: {
      subject: "Yeni bir cihazda girişi onayla",
      intro: "Biri bu adresle yeni bir cihazda giriş yapmak istedi. Bu sensen cihazı onaylamak için bu bağlantıyı aç:",
      outro: "Cihaz onaylanınca sana bir giriş kodu gelecek. Bağlantı 10 dakika geçerli. Bu sen değilsen bu iletiyi yok say."
    },
    updateCurrent: { subject: "E-posta değişikliğini onayla", intro: "Giriş adresini {email} olarak değiştirmek için bu kodu gir:" },
    updateNew: { subject: "Yeni e-posta adresini onayla", intro: "Bu adresi giriş adresin yapmak için bu kodu gir:" },
    codeValidity: "Kod 10 dakika geçerli. Bunu sen istemediysen bu iletiyi yok say."
  },
  approval: {
    confirm: {
      title: "Bu cihaz onaylansın mı?",
      body: "Biri bu adresle yeni bir cihazda giriş yapmak istedi. Bu sensen cihazı onayla; değilsen bu sayfayı kapat."
    },
    approved: { title: "Cihaz onaylandı", body: "Bu cihaz onaylandı. Siteye geri dön: giriş kodun yolda." },
    gone: { title: "Bağlantı artık geçerli değil", body: "Bu bağlantının süresi doldu ya da bağlantı zaten kullanıldı. Girişi yeniden başlat." },
    mailFailed: { title: "Lütfen tekrar dene", body: "Giriş kodu gönderilemedi. Birazdan bu bağlantıyı yeniden aç." },
    forbidden: { title: "Onaylanmadı", body: "Cihazı, bu bağlantının açtığı sayfadaki düğmeyle onayla." },
    button: "Bu cihazı onayla"
  },
  socialDone: {
    signedIn: { title: "Giriş yapıldı", body: "Giriş, onu başlatan pencerede tamamlanıyor. Bu pencereyi kapatabilirsin." },
    failed: { title: "Giriş tamamlanmadı", body: "Giriş tamamlanamadı. Bu pencereyi kapatıp tekrar deneyebilirsin." }
  }
}
