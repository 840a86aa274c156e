/** 繁體中文: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const zhTW: PanelTable = {
  loading: "載入中…",
  ended: "這項要求已不再等候你的回應。",
  sessionExpired: "工作階段已過期：請重新登入。",
  failed: "發生問題。請再試一次。",
  approve: {
    titles: {
      personal_sign: "簽署訊息",
      eth_signTypedData_v4: "簽署結構化資料",
      eth_sendTransaction: "傳送交易",
      wallet_sendCalls: "傳送呼叫",
      solana_signMessage: "簽署訊息",
      solana_signTransaction: "簽署交易",
      solana_signAllTransactions: "批次簽署交易",
      solana_signAndSendTransaction: "傳送交易"
    },
    fallbackTitle: "核准要求",
    network: "網路",
    from: "傳送方",
    to: "接收方",
    contractCreation: "新合約",
    value: "金額",
    call: "呼叫",
    data: "資料",
    message: "訊息",
    typedDataType: "類型",
    domain: "網域",
    programs: "程式",
    transaction: "第 {index} 筆交易，共 {count} 筆",
    fee: "網路手續費（上限）",
    approve: "核准",
    reject: "拒絕",
    approved: "已核准",
    rejected: "已拒絕"
  },
  setup: {
    title: "保護你的錢包",
    intro: "如果這個瀏覽器忘了你的錢包，你可以用密碼金鑰或復原碼找回。",
    passkey: "建立密碼金鑰",
    useCode: "改用復原碼",
    codeIntro: "請抄下這組復原碼並妥善保管。它只會顯示一次。",
    saved: "我已保存復原碼",
    finish: "建立我的錢包",
    passkeyUnavailable: "這個密碼金鑰無法保護你的錢包。請改用復原碼。",
    passkeyCancelled: "未建立密碼金鑰。請再試一次或改用復原碼。",
    done: "你的錢包已準備就緒。"
  },
  recover: {
    title: "復原你的錢包",
    introPasskey: "這個瀏覽器尚未認得你的錢包。請用你的密碼金鑰開啟。",
    introCode: "這個瀏覽器尚未認得你的錢包。請輸入復原碼來開啟。",
    passkey: "使用我的密碼金鑰",
    codeLabel: "復原碼",
    submit: "復原",
    invalidCode: "這不是復原碼：請檢查是否有輸入錯誤。",
    wrongFactor: "這組復原碼無法開啟你的錢包。",
    passkeyCancelled: "未使用密碼金鑰。請再試一次。",
    done: "你的錢包已開啟。"
  },
  export: {
    title: "匯出你的金鑰",
    warning: "任何看到這些資訊的人都能拿走你錢包裡的所有資產。切勿分享，只在沒有人看得到的地方顯示。",
    show: "顯示我的金鑰",
    cancel: "取消",
    phrase: "助記詞",
    evmKey: "EVM 私密金鑰",
    solanaKey: "Solana 私密金鑰",
    copy: "複製",
    copied: "已複製",
    copyFailed: "此處不允許複製：請直接選取文字。",
    done: "完成"
  }
}

export default zhTW
