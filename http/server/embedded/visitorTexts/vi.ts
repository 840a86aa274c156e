/** Tiếng Việt ("bạn", "đăng nhập" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const vi: VisitorTexts = {
  mail: {
    code: { subject: "Mã đăng nhập của bạn", intro: "Mã đăng nhập của bạn là:" },
    device: {
      subject: "Phê duyệt đăng nhập trên thiết bị mới",
      intro: "Có người yêu cầu đăng nhập bằng địa chỉ này trên một thiết bị mới. Nếu đó là bạn, hãy mở liên kết này để phê duyệt thiết bị:",
      outro: "Sau khi thiết bị được phê duyệt, bạn sẽ nhận được mã đăng nhập. Liên kết có hiệu lực trong 10 phút. Nếu đó không phải là bạn, hãy bỏ qua thư này."
    },
    updateCurrent: { subject: "Xác nhận thay đổi email", intro: "Để đổi địa chỉ đăng nhập của bạn thành {email}, hãy nhập mã này:" },
    updateNew: { subject: "Xác nhận địa chỉ email mới", intro: "Để dùng địa chỉ này làm địa chỉ đăng nhập, hãy nhập mã này:" },
    codeValidity: "Mã có hiệu lực trong 10 phút. Nếu bạn không yêu cầu mã này, hãy bỏ qua thư này."
  },
  approval: {
    confirm: {
      title: "Phê duyệt thiết bị này?",
      body: "Có người yêu cầu đăng nhập bằng địa chỉ này trên một thiết bị mới. Nếu đó là bạn, hãy phê duyệt thiết bị; nếu không, hãy đóng trang này."
    },
    approved: { title: "Đã phê duyệt thiết bị", body: "Thiết bị này đã được phê duyệt. Hãy quay lại trang web: mã đăng nhập đang được gửi tới bạn." },
    gone: { title: "Liên kết không còn hiệu lực", body: "Liên kết này đã hết hạn hoặc đã được sử dụng. Hãy bắt đầu đăng nhập lại." },
    mailFailed: { title: "Vui lòng thử lại", body: "Không gửi được mã đăng nhập. Hãy mở lại liên kết này sau giây lát." },
    forbidden: { title: "Chưa được phê duyệt", body: "Hãy phê duyệt thiết bị bằng nút trên trang mà liên kết này mở ra." },
    button: "Phê duyệt thiết bị này"
  },
  socialDone: {
    signedIn: { title: "Đã đăng nhập", body: "Việc đăng nhập được hoàn tất trong cửa sổ đã bắt đầu nó. Bạn có thể đóng cửa sổ này." },
    failed: { title: "Chưa hoàn tất đăng nhập", body: "Không thể hoàn tất đăng nhập. Bạn có thể đóng cửa sổ này và thử lại." }
  }
}
