/** Türkçe: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const tr: PanelTable = {
  loading: "Yükleniyor…",
  ended: "Bu istek artık seni beklemiyor.",
  sessionExpired: "Oturumun süresi doldu: yeniden giriş yap.",
  failed: "Bir sorun oluştu. Lütfen tekrar dene.",
  approve: {
    titles: {
      personal_sign: "Mesajı imzala",
      eth_signTypedData_v4: "Yapılandırılmış veriyi imzala",
      eth_sendTransaction: "İşlem gönder",
      wallet_sendCalls: "Çağrıları gönder",
      solana_signMessage: "Mesajı imzala",
      solana_signTransaction: "İşlemi imzala",
      solana_signAllTransactions: "İşlemleri imzala",
      solana_signAndSendTransaction: "İşlem gönder"
    },
    fallbackTitle: "İsteği onayla",
    network: "Ağ",
    from: "Gönderen",
    to: "Alıcı",
    contractCreation: "Yeni sözleşme",
    value: "Tutar",
    call: "Çağrı",
    data: "Veri",
    message: "Mesaj",
    typedDataType: "Tür",
    domain: "Alan",
    programs: "Programlar",
    transaction: "İşlem {index}/{count}",
    fee: "Ağ ücreti (en fazla)",
    approve: "Onayla",
    reject: "Reddet",
    approved: "Onaylandı",
    rejected: "Reddedildi"
  },
  setup: {
    title: "Cüzdanını güvene al",
    intro: "Bu tarayıcı cüzdanını unutursa onu bir geçiş anahtarı veya kurtarma koduyla geri alırsın.",
    passkey: "Geçiş anahtarı oluştur",
    useCode: "Bunun yerine kurtarma kodu kullan",
    codeIntro: "Bu kurtarma kodunu not al ve güvenli bir yerde sakla. Yalnızca bir kez gösterilir.",
    saved: "Kurtarma kodumu kaydettim",
    finish: "Cüzdanımı oluştur",
    passkeyUnavailable: "Bu geçiş anahtarı cüzdanını koruyamaz. Bunun yerine kurtarma kodu kullan.",
    passkeyCancelled: "Geçiş anahtarı oluşturulmadı. Tekrar dene veya kurtarma kodu kullan.",
    done: "Cüzdanın hazır."
  },
  recover: {
    title: "Cüzdanını kurtar",
    introPasskey: "Bu tarayıcı cüzdanını henüz tanımıyor. Geçiş anahtarınla aç.",
    introCode: "Bu tarayıcı cüzdanını henüz tanımıyor. Açmak için kurtarma kodunu gir.",
    passkey: "Geçiş anahtarımı kullan",
    codeLabel: "Kurtarma kodu",
    submit: "Kurtar",
    invalidCode: "Bu bir kurtarma kodu değil: yazım hatası olup olmadığını kontrol et.",
    wrongFactor: "Bu kod cüzdanını açmıyor.",
    passkeyCancelled: "Geçiş anahtarı kullanılmadı. Tekrar dene.",
    done: "Cüzdanın açıldı."
  },
  export: {
    title: "Anahtarlarını dışa aktar",
    warning: "Bunları gören herkes cüzdanındaki her şeyi alabilir. Asla paylaşma ve yalnızca kimsenin görmediği bir yerde göster.",
    show: "Anahtarlarımı göster",
    cancel: "İptal",
    phrase: "Kurtarma ifadesi",
    evmKey: "EVM özel anahtarı",
    solanaKey: "Solana özel anahtarı",
    copy: "Kopyala",
    copied: "Kopyalandı",
    copyFailed: "Burada kopyalamaya izin verilmiyor: bunun yerine metni seç.",
    done: "Tamam"
  }
}

export default tr
