/** 日本語: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const ja: PanelTable = {
  loading: "読み込み中…",
  ended: "このリクエストはもう応答を待っていません。",
  sessionExpired: "セッションの有効期限切れ：もう一度ログインしてください。",
  failed: "問題が発生しました。もう一度お試しください。",
  trust: {
    site: "リクエスト元",
    marker: "ウォレットのしるし",
    noMarker: "このブラウザでウォレットを設定すると、ここにウォレットのしるしが表示されます。",
    markerIntro: "このブラウザでのウォレットのしるしは {sign} です。ウォレットのパネルは常に上部にこれを表示します。しるしがない場所では、コードを入力したり何かを承認したりしないでください。"
  },
  guard: {
    steady: "お待ちください。このパネルがしばらく完全に表示されるとボタンが使えるようになります。",
    hidden: "このパネルは覆われているか、表示されていることを証明できません。代わりにウォレット専用のウィンドウで決定してください。",
    openWindow: "ウォレットのウィンドウを開く",
    windowOpened: "ウォレットのウィンドウで続けてください。",
    windowBlocked: "ブラウザがウォレットのウィンドウをブロックしました。このサイトのポップアップを許可して、もう一度お試しください。"
  },
  otp: {
    title: "コードを入力",
    sentTo: "{email} に送信した6桁のコードを入力してください。入力するのはここ、ウォレット専用のパネルだけです。",
    sentToCurrent: "現在のメールアドレスに送信した6桁のコードを入力してください。",
    sentToNew: "次に {email} に送信した6桁のコードを入力してください。",
    label: "コード",
    submit: "確認",
    wrong: "コードが正しくありません。残り{triesLeft, plural, other {#回}}です。",
    expired: "このコードは有効期限が切れています。新しいコードをリクエストしてください。",
    locked: "間違ったコードが多すぎます。新しいコードをリクエストしてください。",
    emailInUse: "このメールアドレスは別のアカウントで使われています。",
    done: "コードを確認しました。"
  },
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
    data: "データ",
    message: "メッセージ",
    typedDataType: "型",
    domain: "ドメイン",
    transaction: "トランザクション {index}/{count}",
    fee: "ネットワーク手数料（上限）",
    approve: "承認",
    reject: "拒否",
    approved: "承認しました",
    rejected: "拒否しました",
    unknownNetwork: "不明なネットワーク ({chainId})",
    truncated: "このリクエストはウォレットで表示できる長さを超えています。一部はここで省略されています。",
    unreadable: "ウォレットはこの呼び出しの内容を判別できません。サイトを信頼し、要求内容を理解している場合にのみ承認してください。"
  },
  intent: {
    action: "操作",
    transfer: "トークンを送る",
    approve: "トークンの使用を許可",
    nftApprove: "コレクティブル1点の移転を許可",
    nftTransfer: "コレクティブルを送る",
    approvalForAll: "コレクション全体の移転を許可",
    revokeAll: "コレクション全体の許可を取り消す",
    permit: "トークンの使用を許可する署名 (Permit)",
    permit2: "トークンの使用を許可する署名 (Permit2)",
    solTransfer: "SOLを送る",
    program: "プログラム呼び出し",
    token: "トークン",
    amount: "金額",
    sender: "送信元",
    recipient: "送信先",
    spender: "使用者",
    operator: "オペレーター",
    items: "アイテム",
    until: "有効期限",
    authority: "署名者",
    writable: "変更される可能性のあるアカウント",
    unlimited: "無制限：使用者は、あなたが保有するこのトークンを今後もすべて持ち出せます。",
    wholeCollection: "オペレーターは、あなたが保有するこのコレクションのアイテムを今後もすべて持ち出せます。",
    changes: "ウォレットで変わること",
    noChanges: "ウォレットでは何も変わりません。",
    simulationUnavailable: "このネットワークではリクエストをシミュレーションできないため、影響を確認できませんでした。上の内容を読んでください。",
    simulationReverted: "シミュレーションに失敗しました。このリクエストはおそらく失敗します。{reason}"
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
