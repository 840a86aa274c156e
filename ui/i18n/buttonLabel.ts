/**
 * The connect button's label in each locale: the one text the host's first chunk needs, so the full
 * message tables load with the modal instead. The tables take their `connectWallet` from here.
 */
import type { Locale } from "../../core/Locale.ts"

export const buttonLabels: Readonly<Record<Locale, string>> = {
  en: "Connect Wallet",
  de: "Wallet verbinden",
  fr: "Connecter un portefeuille",
  es: "Conectar billetera",
  pt: "Conectar carteira",
  it: "Connetti wallet",
  nl: "Wallet koppelen",
  pl: "Połącz portfel",
  tr: "Cüzdan bağla",
  ru: "Подключить кошелёк",
  uk: "Підключити гаманець",
  ar: "ربط المحفظة",
  he: "חיבור ארנק",
  hi: "वॉलेट कनेक्ट करें",
  id: "Hubungkan Dompet",
  vi: "Kết nối ví",
  th: "เชื่อมต่อวอลเล็ต",
  ja: "ウォレットを接続",
  ko: "지갑 연결",
  "zh-CN": "连接钱包",
  "zh-TW": "連結錢包"
}
