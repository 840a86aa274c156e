/** 繁體中文: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const zhTW: PanelTable = {
  loading: "載入中…",
  ended: "這項要求已不再等候你的回應。",
  sessionExpired: "工作階段已過期：請重新登入。",
  failed: "發生問題。請再試一次。",
  trust: {
    site: "要求來源",
    marker: "你的錢包標記",
    noMarker: "在這個瀏覽器中設定好錢包後，你的錢包標記就會顯示在這裡。",
    markerIntro: "你的錢包在這個瀏覽器中的標記是 {sign}。錢包的面板一律會在頂端顯示它：在沒有這個標記的地方，切勿輸入驗證碼或核准任何事項。"
  },
  guard: {
    steady: "請稍候：這個面板完整顯示片刻後，按鈕才能使用。",
    hidden: "這個面板被遮住，或無法證明自己正在顯示。請改在錢包自己的視窗中決定。",
    openWindow: "開啟錢包視窗",
    windowOpened: "請在錢包視窗中繼續。",
    windowBlocked: "瀏覽器封鎖了錢包視窗。請允許這個網站的彈出式視窗，然後再試一次。"
  },
  otp: {
    title: "輸入驗證碼",
    sentTo: "請輸入我們寄到 {email} 的 6 位數驗證碼。只在這裡，也就是你的錢包自己的面板中輸入。",
    sentToCurrent: "請輸入我們寄到你目前電子郵件地址的 6 位數驗證碼。",
    sentToNew: "現在請輸入我們寄到 {email} 的 6 位數驗證碼。",
    label: "驗證碼",
    submit: "確認",
    wrong: "驗證碼不正確。還可以嘗試 {triesLeft, plural, other {# 次}}。",
    expired: "驗證碼已過期。請重新索取。",
    locked: "輸入錯誤次數過多。請重新索取驗證碼。",
    emailInUse: "這個電子郵件地址屬於另一個帳戶。",
    done: "驗證碼已確認。"
  },
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
    data: "資料",
    message: "訊息",
    typedDataType: "類型",
    domain: "網域",
    transaction: "第 {index} 筆交易，共 {count} 筆",
    fee: "網路手續費（上限）",
    approve: "核准",
    reject: "拒絕",
    approved: "已核准",
    rejected: "已拒絕",
    unknownNetwork: "未知的網路（{chainId}）",
    truncated: "這項要求超出錢包能顯示的長度：部分內容在此被截斷。",
    unreadable: "錢包無法判斷這個呼叫的作用。只有在你信任該網站並清楚它的要求時才核准。"
  },
  intent: {
    action: "動作",
    transfer: "傳送代幣",
    approve: "允許花用你的代幣",
    nftApprove: "允許轉移一件收藏品",
    nftTransfer: "傳送收藏品",
    approvalForAll: "允許轉移整個收藏系列",
    revokeAll: "撤回對整個收藏系列的授權",
    permit: "允許花用你的代幣的簽章（Permit）",
    permit2: "允許花用你的代幣的簽章（Permit2）",
    solTransfer: "傳送 SOL",
    program: "程式呼叫",
    token: "代幣",
    amount: "金額",
    sender: "傳送方",
    recipient: "接收方",
    spender: "被授權方",
    operator: "操作方",
    items: "物品",
    until: "有效期限",
    authority: "簽署者",
    writable: "可能被變更的帳戶",
    unlimited: "無限額：被授權方現在和以後都能拿走你持有的全部這種代幣。",
    wholeCollection: "操作方現在和以後都能拿走你持有的這個收藏系列中的每件物品。",
    changes: "你的錢包會有哪些變化",
    noChanges: "你的錢包不會有任何變化。",
    simulationUnavailable: "這個網路無法模擬這項要求，因此無法檢查其效果：請閱讀上方說明了解它的作用。",
    simulationReverted: "模擬失敗：這項要求很可能會失敗。{reason}"
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
