/** עברית: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const he: PanelTable = {
  loading: "טוען…",
  ended: "הבקשה הזו כבר לא ממתינה לך.",
  sessionExpired: "פג תוקף ההפעלה: יש להתחבר שוב.",
  failed: "משהו השתבש. אפשר לנסות שוב.",
  approve: {
    titles: {
      personal_sign: "חתימה על הודעה",
      eth_signTypedData_v4: "חתימה על נתונים מובנים",
      eth_sendTransaction: "שליחת עסקה",
      wallet_sendCalls: "שליחת קריאות",
      solana_signMessage: "חתימה על הודעה",
      solana_signTransaction: "חתימה על עסקה",
      solana_signAllTransactions: "חתימה על עסקאות",
      solana_signAndSendTransaction: "שליחת עסקה"
    },
    fallbackTitle: "אישור הבקשה",
    network: "רשת",
    from: "מאת",
    to: "אל",
    contractCreation: "חוזה חדש",
    value: "סכום",
    call: "קריאה",
    data: "נתונים",
    message: "הודעה",
    typedDataType: "סוג",
    domain: "דומיין",
    programs: "תוכניות",
    transaction: "עסקה {index} מתוך {count}",
    fee: "עמלת רשת (לכל היותר)",
    approve: "אישור",
    reject: "דחייה",
    approved: "אושר",
    rejected: "נדחה"
  },
  setup: {
    title: "אבטחת הארנק",
    intro: "אם הדפדפן הזה ישכח את הארנק, אפשר לשחזר אותו עם מפתח גישה או עם קוד שחזור.",
    passkey: "יצירת מפתח גישה",
    useCode: "שימוש בקוד שחזור במקום זאת",
    codeIntro: "רשמו את קוד השחזור הזה ושמרו אותו במקום בטוח. הוא מוצג פעם אחת בלבד.",
    saved: "שמרתי את קוד השחזור",
    finish: "יצירת הארנק שלי",
    passkeyUnavailable: "מפתח הגישה הזה לא יכול להגן על הארנק. השתמשו בקוד שחזור במקומו.",
    passkeyCancelled: "מפתח הגישה לא נוצר. נסו שוב או השתמשו בקוד שחזור.",
    done: "הארנק שלך מוכן."
  },
  recover: {
    title: "שחזור הארנק",
    introPasskey: "הדפדפן הזה עדיין לא מכיר את הארנק שלך. פתחו אותו עם מפתח הגישה.",
    introCode: "הדפדפן הזה עדיין לא מכיר את הארנק שלך. הזינו את קוד השחזור כדי לפתוח אותו.",
    passkey: "שימוש במפתח הגישה שלי",
    codeLabel: "קוד שחזור",
    submit: "שחזור",
    invalidCode: "זה לא קוד השחזור: בדקו שאין בו שגיאות הקלדה.",
    wrongFactor: "הקוד הזה לא פותח את הארנק שלך.",
    passkeyCancelled: "לא נעשה שימוש במפתח הגישה. נסו שוב.",
    done: "הארנק שלך פתוח."
  },
  export: {
    title: "ייצוא המפתחות",
    warning: "כל מי שרואה אותם יכול לקחת את כל מה שיש בארנק. לעולם אל תשתפו אותם, והציגו אותם רק כשאף אחד לא מסתכל.",
    show: "הצגת המפתחות שלי",
    cancel: "ביטול",
    phrase: "ביטוי שחזור",
    evmKey: "מפתח פרטי של EVM",
    solanaKey: "מפתח פרטי של Solana",
    copy: "העתקה",
    copied: "הועתק",
    copyFailed: "אי אפשר להעתיק כאן: סמנו את הטקסט במקום זאת.",
    done: "סיום"
  }
}

export default he
