/** 简体中文: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const zhCN: PanelTable = {
  loading: "加载中…",
  ended: "此请求已不再等待你的操作。",
  sessionExpired: "会话已过期：请重新登录。",
  failed: "出了点问题。请重试。",
  trust: {
    site: "请求方",
    marker: "你的钱包标记",
    noMarker: "在此浏览器中设置好钱包后，你的钱包标记会显示在这里。",
    markerIntro: "你的钱包在此浏览器中的标记是 {sign}。钱包的面板总会在顶部显示它：在没有该标记的地方，切勿输入验证码或批准任何操作。"
  },
  guard: {
    steady: "请稍候：此面板完整显示片刻后，按钮即可使用。",
    hidden: "此面板被遮挡，或无法证明自己正在显示。请改在钱包自己的窗口中决定。",
    openWindow: "打开钱包窗口",
    windowOpened: "请在钱包窗口中继续。",
    windowBlocked: "浏览器拦截了钱包窗口。请允许此网站的弹出窗口，然后重试。"
  },
  otp: {
    title: "输入验证码",
    sentTo: "请输入我们发送到 {email} 的 6 位验证码。只在这里，即你的钱包自己的面板中输入。",
    sentToCurrent: "请输入我们发送到你当前邮箱的 6 位验证码。",
    sentToNew: "现在请输入我们发送到 {email} 的 6 位验证码。",
    label: "验证码",
    submit: "确认",
    wrong: "验证码不正确。还可以尝试 {triesLeft, plural, other {# 次}}。",
    expired: "验证码已过期。请重新获取。",
    locked: "错误次数过多。请重新获取验证码。",
    emailInUse: "此邮箱地址已属于另一个账户。",
    done: "验证码已确认。"
  },
  approve: {
    titles: {
      personal_sign: "签署消息",
      eth_signTypedData_v4: "签署结构化数据",
      eth_sendTransaction: "发送交易",
      wallet_sendCalls: "发送调用",
      solana_signMessage: "签署消息",
      solana_signTransaction: "签署交易",
      solana_signAllTransactions: "批量签署交易",
      solana_signAndSendTransaction: "发送交易"
    },
    fallbackTitle: "批准请求",
    network: "网络",
    from: "发送方",
    to: "接收方",
    contractCreation: "新合约",
    value: "金额",
    data: "数据",
    message: "消息",
    typedDataType: "类型",
    domain: "域",
    transaction: "第 {index} 笔交易，共 {count} 笔",
    fee: "网络费（上限）",
    approve: "批准",
    reject: "拒绝",
    approved: "已批准",
    rejected: "已拒绝",
    unknownNetwork: "未知网络（{chainId}）",
    truncated: "此请求超出钱包能显示的长度：部分内容在此被截断。",
    unreadable: "钱包无法判断此调用的作用。只有在你信任该网站并清楚它的请求时才批准。"
  },
  intent: {
    action: "操作",
    transfer: "发送代币",
    approve: "允许花费你的代币",
    nftApprove: "允许转移一件收藏品",
    nftTransfer: "发送收藏品",
    approvalForAll: "允许转移整个收藏系列",
    revokeAll: "撤回对整个收藏系列的授权",
    permit: "允许花费你的代币的签名（Permit）",
    permit2: "允许花费你的代币的签名（Permit2）",
    solTransfer: "发送 SOL",
    program: "程序调用",
    token: "代币",
    amount: "金额",
    sender: "发送方",
    recipient: "接收方",
    spender: "被授权方",
    operator: "操作方",
    items: "物品",
    until: "有效期至",
    authority: "签名方",
    writable: "可能被更改的账户",
    unlimited: "无限额：被授权方现在和以后都可以拿走你持有的全部该代币。",
    wholeCollection: "操作方现在和以后都可以拿走你持有的该收藏系列中的每件物品。",
    changes: "你的钱包会有哪些变化",
    noChanges: "你的钱包不会有任何变化。",
    simulationUnavailable: "此网络无法模拟该请求，因此无法检查其效果：请阅读上方说明了解它的作用。",
    simulationReverted: "模拟失败：此请求很可能会失败。{reason}"
  },
  setup: {
    title: "保护你的钱包",
    intro: "如果此浏览器忘记了你的钱包，你可以用通行密钥或恢复码找回它。",
    passkey: "创建通行密钥",
    useCode: "改用恢复码",
    codeIntro: "请抄下此恢复码并妥善保管。它只会显示一次。",
    saved: "我已保存恢复码",
    finish: "创建我的钱包",
    passkeyUnavailable: "此通行密钥无法保护你的钱包。请改用恢复码。",
    passkeyCancelled: "未创建通行密钥。请重试或改用恢复码。",
    done: "你的钱包已就绪。"
  },
  recover: {
    title: "恢复你的钱包",
    introPasskey: "此浏览器尚未识别你的钱包。请用你的通行密钥打开它。",
    introCode: "此浏览器尚未识别你的钱包。请输入恢复码来打开它。",
    passkey: "使用我的通行密钥",
    codeLabel: "恢复码",
    submit: "恢复",
    invalidCode: "这不是恢复码：请检查是否有输入错误。",
    wrongFactor: "此恢复码无法打开你的钱包。",
    passkeyCancelled: "未使用通行密钥。请重试。",
    done: "你的钱包已打开。"
  },
  export: {
    title: "导出你的密钥",
    warning: "任何看到这些信息的人都能拿走你钱包里的全部资产。切勿分享，只在无人看到的地方显示。",
    show: "显示我的密钥",
    cancel: "取消",
    phrase: "助记词",
    evmKey: "EVM 私钥",
    solanaKey: "Solana 私钥",
    copy: "复制",
    copied: "已复制",
    copyFailed: "此处不允许复制：请直接选中文本。",
    done: "完成"
  }
}

export default zhCN
