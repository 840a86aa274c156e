/** 繁體中文 (Taiwan usage: 「你」「登入」「驗證碼」「裝置」 as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const zhTW: VisitorTexts = {
  mail: {
    code: { subject: "你的登入驗證碼", intro: "你的登入驗證碼是：" },
    device: {
      subject: "核准在新裝置上登入",
      intro: "有人要求在新裝置上使用這個電子郵件地址登入。如果是你本人，請開啟下列連結核准這部裝置：",
      outro: "裝置獲得核准後，你會收到登入驗證碼。此連結在 10 分鐘內有效。如果不是你本人，請忽略這封郵件。"
    },
    updateCurrent: { subject: "確認變更電子郵件", intro: "若要將你的登入電子郵件變更為 {email}，請輸入下列驗證碼：" },
    updateNew: { subject: "確認你的新電子郵件地址", intro: "若要將這個地址設為你的登入電子郵件，請輸入下列驗證碼：" },
    codeValidity: "驗證碼在 10 分鐘內有效。如果你沒有要求這組驗證碼，請忽略這封郵件。"
  },
  approval: {
    confirm: {
      title: "要核准這部裝置嗎？",
      body: "有人要求在新裝置上使用這個電子郵件地址登入。如果是你本人，請核准這部裝置；如果不是，請關閉此頁面。"
    },
    approved: { title: "裝置已核准", body: "這部裝置已獲核准。請返回網站：登入驗證碼正在寄給你。" },
    gone: { title: "連結已失效", body: "此連結已過期或已使用過。請重新開始登入。" },
    mailFailed: { title: "請再試一次", body: "無法寄出登入驗證碼。請稍後再開啟此連結一次。" },
    forbidden: { title: "未核准", body: "請使用此連結所開啟頁面上的按鈕核准裝置。" },
    button: "核准這部裝置"
  },
  socialDone: {
    signedIn: { title: "已登入", body: "登入會在發起它的視窗中完成。你可以關閉這個視窗。" },
    failed: { title: "登入未完成", body: "登入未能完成。你可以關閉這個視窗後再試一次。" }
  }
}
