/** 日本語: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const ja: PanelTable = {
  loading: "読み込み中…",
  ended: "このリクエストはもう応答を待っていません。",
  sessionExpired: "セッションの有効期限切れ：もう一度ログインしてください。",
  failed: "問題が発生しました。もう一度お試しください。",
  approve: {
    titles: {
      personal_sign: "メッセージに署名",
      eth_signTypedData_v4: "構造化データに署名",
      eth_sendTransaction: "トランザクションを送信",
      wallet_sendCalls: "コールを送信",
      solana_signMessage: "メッセージに署名",
      solana_signTransaction: "トランザクションに署名",
      solana_signAllTransactions: "トランザクションに一括署名",
      solana_signAndSendTransaction: "トランザクションを送信"
    },
    fallbackTitle: "リクエストを承認",
    network: "ネットワーク",
    from: "送信元",
    to: "送信先",
    contractCreation: "新しいコントラクト",
    value: "金額",
    call: "呼び出し",
    data: "データ",
    message: "メッセージ",
    typedDataType: "型",
    domain: "ドメイン",
    programs: "プログラム",
    transaction: "トランザクション {index}/{count}",
    fee: "ネットワーク手数料（上限）",
    approve: "承認",
    reject: "拒否",
    approved: "承認しました",
    rejected: "拒否しました"
  },
  setup: {
    title: "ウォレットを保護",
    intro: "このブラウザがウォレットを忘れても、パスキーかリカバリーコードで復元できます。",
    passkey: "パスキーを作成",
    useCode: "代わりにリカバリーコードを使う",
    codeIntro: "このリカバリーコードを書き留めて、安全な場所に保管してください。表示されるのは一度だけです。",
    saved: "リカバリーコードを保管しました",
    finish: "ウォレットを作成",
    passkeyUnavailable: "このパスキーではウォレットを保護できません。代わりにリカバリーコードを使ってください。",
    passkeyCancelled: "パスキーは作成されませんでした。もう一度試すか、リカバリーコードを使ってください。",
    done: "ウォレットの準備ができました。"
  },
  recover: {
    title: "ウォレットを復元",
    introPasskey: "このブラウザはまだあなたのウォレットを認識していません。パスキーで開いてください。",
    introCode: "このブラウザはまだあなたのウォレットを認識していません。リカバリーコードを入力して開いてください。",
    passkey: "パスキーを使う",
    codeLabel: "リカバリーコード",
    submit: "復元",
    invalidCode: "リカバリーコードではありません。入力ミスがないか確認してください。",
    wrongFactor: "このコードではウォレットを開けません。",
    passkeyCancelled: "パスキーは使用されませんでした。もう一度お試しください。",
    done: "ウォレットを開きました。"
  },
  export: {
    title: "キーをエクスポート",
    warning: "これを見た人は、ウォレットの中身をすべて持ち出せます。絶対に共有せず、誰にも見られない場所でのみ表示してください。",
    show: "キーを表示",
    cancel: "キャンセル",
    phrase: "リカバリーフレーズ",
    evmKey: "EVM 秘密鍵",
    solanaKey: "Solana 秘密鍵",
    copy: "コピー",
    copied: "コピーしました",
    copyFailed: "ここではコピーできません。テキストを選択してください。",
    done: "完了"
  }
}

export default ja
