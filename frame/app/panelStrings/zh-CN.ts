/** 简体中文: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const zhCN: PanelTable = {
  loading: "加载中…",
  ended: "此请求已不再等待你的操作。",
  sessionExpired: "会话已过期：请重新登录。",
  failed: "出了点问题。请重试。",
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
    call: "调用",
    data: "数据",
    message: "消息",
    typedDataType: "类型",
    domain: "域",
    programs: "程序",
    transaction: "第 {index} 笔交易，共 {count} 笔",
    fee: "网络费（上限）",
    approve: "批准",
    reject: "拒绝",
    approved: "已批准",
    rejected: "已拒绝"
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
