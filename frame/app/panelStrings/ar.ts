/** العربية: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const ar: PanelTable = {
  loading: "جارٍ التحميل…",
  ended: "لم يعد هذا الطلب بانتظارك.",
  sessionExpired: "انتهت الجلسة: سجّل الدخول مرة أخرى.",
  failed: "حدث خطأ ما. يُرجى المحاولة مرة أخرى.",
  approve: {
    titles: {
      personal_sign: "توقيع رسالة",
      eth_signTypedData_v4: "توقيع بيانات منظّمة",
      eth_sendTransaction: "إرسال معاملة",
      wallet_sendCalls: "إرسال استدعاءات",
      solana_signMessage: "توقيع رسالة",
      solana_signTransaction: "توقيع معاملة",
      solana_signAllTransactions: "توقيع المعاملات",
      solana_signAndSendTransaction: "إرسال معاملة"
    },
    fallbackTitle: "الموافقة على الطلب",
    network: "الشبكة",
    from: "من",
    to: "إلى",
    contractCreation: "عقد جديد",
    value: "المبلغ",
    call: "الاستدعاء",
    data: "البيانات",
    message: "الرسالة",
    typedDataType: "النوع",
    domain: "النطاق",
    programs: "البرامج",
    transaction: "المعاملة {index} من {count}",
    fee: "رسوم الشبكة (كحد أقصى)",
    approve: "موافقة",
    reject: "رفض",
    approved: "تمت الموافقة",
    rejected: "تم الرفض"
  },
  setup: {
    title: "أمّن محفظتك",
    intro: "إذا نسي هذا المتصفح محفظتك، فستستردها بمفتاح مرور أو برمز استرداد.",
    passkey: "إنشاء مفتاح مرور",
    useCode: "استخدام رمز استرداد بدلًا من ذلك",
    codeIntro: "دوّن رمز الاسترداد هذا واحفظه في مكان آمن. لن يظهر إلا مرة واحدة.",
    saved: "لقد حفظت رمز الاسترداد",
    finish: "إنشاء محفظتي",
    passkeyUnavailable: "لا يستطيع مفتاح المرور هذا حماية محفظتك. استخدم رمز استرداد بدلًا منه.",
    passkeyCancelled: "لم يتم إنشاء مفتاح المرور. حاول مرة أخرى أو استخدم رمز استرداد.",
    done: "محفظتك جاهزة."
  },
  recover: {
    title: "استرداد محفظتك",
    introPasskey: "لا يعرف هذا المتصفح محفظتك بعد. افتحها بمفتاح المرور الخاص بك.",
    introCode: "لا يعرف هذا المتصفح محفظتك بعد. أدخل رمز الاسترداد لفتحها.",
    passkey: "استخدام مفتاح المرور الخاص بي",
    codeLabel: "رمز الاسترداد",
    submit: "استرداد",
    invalidCode: "هذا ليس رمز الاسترداد: تحقّق من عدم وجود أخطاء في الكتابة.",
    wrongFactor: "هذا الرمز لا يفتح محفظتك.",
    passkeyCancelled: "لم يتم استخدام مفتاح المرور. حاول مرة أخرى.",
    done: "تم فتح محفظتك."
  },
  export: {
    title: "تصدير مفاتيحك",
    warning: "أي شخص يرى هذه المفاتيح يمكنه أخذ كل ما في محفظتك. لا تشاركها أبدًا، ولا تعرضها إلا حيث لا يراك أحد.",
    show: "عرض مفاتيحي",
    cancel: "إلغاء",
    phrase: "عبارة الاسترداد",
    evmKey: "المفتاح الخاص لـ EVM",
    solanaKey: "المفتاح الخاص لـ Solana",
    copy: "نسخ",
    copied: "تم النسخ",
    copyFailed: "النسخ غير مسموح به هنا: حدّد النص بدلًا من ذلك.",
    done: "تم"
  }
}

export default ar
