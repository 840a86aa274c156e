/** 简体中文 (“你”, “登录”“验证码”“设备” as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const zhCN: VisitorTexts = {
  mail: {
    code: { subject: "你的登录验证码", intro: "你的登录验证码是：" },
    device: {
      subject: "批准在新设备上登录",
      intro: "有人请求在新设备上使用此邮箱地址登录。如果是你本人，请打开以下链接批准该设备：",
      outro: "设备获得批准后，你将收到登录验证码。此链接 10 分钟内有效。如果不是你本人操作，请忽略此邮件。"
    },
    updateCurrent: { subject: "确认更换邮箱", intro: "要将你的登录邮箱更换为 {email}，请输入以下验证码：" },
    updateNew: { subject: "确认你的新邮箱地址", intro: "要将此地址设为你的登录邮箱，请输入以下验证码：" },
    codeValidity: "验证码 10 分钟内有效。如果你没有请求此验证码，请忽略此邮件。"
  },
  approval: {
    confirm: {
      title: "批准此设备？",
      body: "有人请求在新设备上使用此邮箱地址登录。如果是你本人，请批准该设备；如果不是，请关闭此页面。"
    },
    approved: { title: "设备已批准", body: "此设备已获批准。请返回网站：登录验证码正在发送给你。" },
    gone: { title: "链接已失效", body: "此链接已过期或已被使用。请重新开始登录。" },
    mailFailed: { title: "请重试", body: "登录验证码发送失败。请稍后再次打开此链接。" },
    forbidden: { title: "未批准", body: "请使用此链接所打开页面上的按钮批准设备。" },
    button: "批准此设备"
  },
  socialDone: {
    signedIn: { title: "已登录", body: "登录将在发起它的窗口中完成。你可以关闭此窗口。" },
    failed: { title: "登录未完成", body: "登录未能完成。你可以关闭此窗口后重试。" }
  }
}
