/** ไทย: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const th: PanelTable = {
  loading: "กำลังโหลด…",
  ended: "คำขอนี้ไม่ได้รอคุณอีกต่อไป",
  sessionExpired: "เซสชันหมดอายุ: ลงชื่อเข้าใช้อีกครั้ง",
  failed: "เกิดข้อผิดพลาด โปรดลองอีกครั้ง",
  approve: {
    titles: {
      personal_sign: "ลงนามข้อความ",
      eth_signTypedData_v4: "ลงนามข้อมูลแบบมีโครงสร้าง",
      eth_sendTransaction: "ส่งธุรกรรม",
      wallet_sendCalls: "ส่งการเรียกใช้",
      solana_signMessage: "ลงนามข้อความ",
      solana_signTransaction: "ลงนามธุรกรรม",
      solana_signAllTransactions: "ลงนามธุรกรรมทั้งหมด",
      solana_signAndSendTransaction: "ส่งธุรกรรม"
    },
    fallbackTitle: "อนุมัติคำขอ",
    network: "เครือข่าย",
    from: "จาก",
    to: "ถึง",
    contractCreation: "สัญญาใหม่",
    value: "จำนวน",
    call: "การเรียกใช้",
    data: "ข้อมูล",
    message: "ข้อความ",
    typedDataType: "ประเภท",
    domain: "โดเมน",
    programs: "โปรแกรม",
    transaction: "ธุรกรรม {index} จาก {count}",
    fee: "ค่าธรรมเนียมเครือข่าย (สูงสุด)",
    approve: "อนุมัติ",
    reject: "ปฏิเสธ",
    approved: "อนุมัติแล้ว",
    rejected: "ปฏิเสธแล้ว"
  },
  setup: {
    title: "รักษาความปลอดภัยวอลเล็ต",
    intro: "หากเบราว์เซอร์นี้ลืมวอลเล็ตของคุณ คุณกู้คืนได้ด้วยพาสคีย์หรือรหัสกู้คืน",
    passkey: "สร้างพาสคีย์",
    useCode: "ใช้รหัสกู้คืนแทน",
    codeIntro: "จดรหัสกู้คืนนี้ไว้และเก็บให้ปลอดภัย รหัสจะแสดงเพียงครั้งเดียว",
    saved: "ฉันบันทึกรหัสกู้คืนแล้ว",
    finish: "สร้างวอลเล็ตของฉัน",
    passkeyUnavailable: "พาสคีย์นี้ปกป้องวอลเล็ตของคุณไม่ได้ ใช้รหัสกู้คืนแทน",
    passkeyCancelled: "ยังไม่ได้สร้างพาสคีย์ ลองอีกครั้งหรือใช้รหัสกู้คืน",
    done: "วอลเล็ตของคุณพร้อมใช้งานแล้ว"
  },
  recover: {
    title: "กู้คืนวอลเล็ต",
    introPasskey: "เบราว์เซอร์นี้ยังไม่รู้จักวอลเล็ตของคุณ เปิดด้วยพาสคีย์ของคุณ",
    introCode: "เบราว์เซอร์นี้ยังไม่รู้จักวอลเล็ตของคุณ กรอกรหัสกู้คืนเพื่อเปิด",
    passkey: "ใช้พาสคีย์ของฉัน",
    codeLabel: "รหัสกู้คืน",
    submit: "กู้คืน",
    invalidCode: "นี่ไม่ใช่รหัสกู้คืน: ตรวจสอบว่าพิมพ์ผิดหรือไม่",
    wrongFactor: "รหัสนี้เปิดวอลเล็ตของคุณไม่ได้",
    passkeyCancelled: "ยังไม่ได้ใช้พาสคีย์ ลองอีกครั้ง",
    done: "เปิดวอลเล็ตของคุณแล้ว"
  },
  export: {
    title: "ส่งออกคีย์ของคุณ",
    warning: "ใครก็ตามที่เห็นข้อมูลเหล่านี้สามารถเอาทุกอย่างในวอลเล็ตของคุณไปได้ ห้ามแชร์ให้ใคร และแสดงเฉพาะในที่ที่ไม่มีใครมองเห็น",
    show: "แสดงคีย์ของฉัน",
    cancel: "ยกเลิก",
    phrase: "วลีกู้คืน",
    evmKey: "คีย์ส่วนตัว EVM",
    solanaKey: "คีย์ส่วนตัว Solana",
    copy: "คัดลอก",
    copied: "คัดลอกแล้ว",
    copyFailed: "ไม่อนุญาตให้คัดลอกที่นี่: เลือกข้อความแทน",
    done: "เสร็จสิ้น"
  }
}

export default th
