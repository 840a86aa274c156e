/** Türkçe: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const tr: PanelTable = {
  loading: "Yükleniyor…",
  ended: "Bu istek artık seni beklemiyor.",
  sessionExpired: "Oturumun süresi doldu: yeniden giriş yap.",
  failed: "Bir sorun oluştu. Lütfen tekrar dene.",
  trust: {
    site: "İsteyen",
    marker: "Cüzdanının işareti",
    noMarker: "Cüzdanın bu tarayıcıda kurulduğunda cüzdanının işareti burada görünür.",
    markerIntro: "Cüzdanının bu tarayıcıdaki işareti {sign}. Cüzdanının panelleri onu her zaman en üstte gösterir: işaretin olmadığı yerde asla kod girme ve hiçbir şeyi onaylama."
  },
  guard: {
    steady: "Bir saniye: bu panel bir an tamamen göründükten sonra düğmeler çalışır.",
    hidden: "Bu panel örtülü ya da göründüğünü kanıtlayamıyor. Bunun yerine cüzdanın kendi penceresinde karar ver.",
    openWindow: "Cüzdanın penceresini aç",
    windowOpened: "Cüzdanın penceresinde devam et.",
    windowBlocked: "Tarayıcı cüzdanın penceresini engelledi. Bu site için açılır pencerelere izin ver ve tekrar dene."
  },
  otp: {
    title: "Kodunu gir",
    sentTo: "{email} adresine gönderdiğimiz 6 haneli kodu gir. Kodu yalnızca burada, cüzdanının kendi panelinde gir.",
    sentToCurrent: "Mevcut e-posta adresine gönderdiğimiz 6 haneli kodu gir.",
    sentToNew: "Şimdi {email} adresine gönderdiğimiz 6 haneli kodu gir.",
    label: "Kod",
    submit: "Onayla",
    wrong: "Bu kod doğru değil. {triesLeft, plural, one {# deneme hakkın kaldı} other {# deneme hakkın kaldı}}.",
    expired: "Bu kodun süresi doldu. Yeni bir kod iste.",
    locked: "Çok fazla hatalı kod girildi. Yeni bir kod iste.",
    emailInUse: "Bu e-posta adresi başka bir hesaba ait.",
    done: "Kod onaylandı."
  },
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
    data: "Veri",
    message: "Mesaj",
    typedDataType: "Tür",
    domain: "Alan",
    transaction: "İşlem {index}/{count}",
    fee: "Ağ ücreti (en fazla)",
    approve: "Onayla",
    reject: "Reddet",
    approved: "Onaylandı",
    rejected: "Reddedildi",
    unknownNetwork: "Bilinmeyen ağ ({chainId})",
    truncated: "Bu istek cüzdanın gösterebileceğinden uzun: bir kısmı burada kesildi.",
    unreadable: "Cüzdan bu çağrının ne yaptığını anlayamıyor. Yalnızca siteye güveniyorsan ve ne istediğini biliyorsan onayla."
  },
  intent: {
    action: "İşlem",
    transfer: "Token gönder",
    approve: "Token'larının harcanmasına izin ver",
    nftApprove: "Bir koleksiyon öğesinin aktarılmasına izin ver",
    nftTransfer: "Koleksiyon öğeleri gönder",
    approvalForAll: "Bütün bir koleksiyonun aktarılmasına izin ver",
    revokeAll: "Bütün bir koleksiyon için verilen izni geri çek",
    permit: "Token'larının harcanmasına izin veren imza (Permit)",
    permit2: "Token'larının harcanmasına izin veren imza (Permit2)",
    solTransfer: "SOL gönder",
    program: "Program çağrısı",
    token: "Token",
    amount: "Tutar",
    sender: "Gönderen",
    recipient: "Alıcı",
    spender: "Harcama yetkilisi",
    operator: "Operatör",
    items: "Öğeler",
    until: "Geçerlilik sonu",
    authority: "İmzalayan",
    writable: "Değiştirebileceği hesaplar",
    unlimited: "Sınırsız: harcama yetkilisi bu token'dan sahip olduğun her şeyi şimdi ve ileride alabilir.",
    wholeCollection: "Operatör bu koleksiyondan sahip olduğun her öğeyi şimdi ve ileride alabilir.",
    changes: "Cüzdanında neler değişir",
    noChanges: "Cüzdanında hiçbir şey değişmez.",
    simulationUnavailable: "Bu ağ isteği simüle edemiyor, bu yüzden etkisi kontrol edilemedi: ne yaptığını yukarıda oku.",
    simulationReverted: "Simülasyon başarısız oldu: bu istek büyük olasılıkla başarısız olur. {reason}"
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
