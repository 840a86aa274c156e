/** Tiếng Việt: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const vi: PanelTable = {
  loading: "Đang tải…",
  ended: "Yêu cầu này không còn chờ bạn nữa.",
  sessionExpired: "Phiên đã hết hạn: hãy đăng nhập lại.",
  failed: "Đã xảy ra lỗi. Vui lòng thử lại.",
  approve: {
    titles: {
      personal_sign: "Ký tin nhắn",
      eth_signTypedData_v4: "Ký dữ liệu có cấu trúc",
      eth_sendTransaction: "Gửi giao dịch",
      wallet_sendCalls: "Gửi lệnh gọi",
      solana_signMessage: "Ký tin nhắn",
      solana_signTransaction: "Ký giao dịch",
      solana_signAllTransactions: "Ký các giao dịch",
      solana_signAndSendTransaction: "Gửi giao dịch"
    },
    fallbackTitle: "Phê duyệt yêu cầu",
    network: "Mạng",
    from: "Từ",
    to: "Đến",
    contractCreation: "Hợp đồng mới",
    value: "Số lượng",
    call: "Lệnh gọi",
    data: "Dữ liệu",
    message: "Tin nhắn",
    typedDataType: "Kiểu",
    domain: "Miền",
    programs: "Chương trình",
    transaction: "Giao dịch {index}/{count}",
    fee: "Phí mạng (tối đa)",
    approve: "Phê duyệt",
    reject: "Từ chối",
    approved: "Đã phê duyệt",
    rejected: "Đã từ chối"
  },
  setup: {
    title: "Bảo mật ví của bạn",
    intro: "Nếu trình duyệt này quên ví của bạn, bạn có thể khôi phục bằng khóa truy cập hoặc mã khôi phục.",
    passkey: "Tạo khóa truy cập",
    useCode: "Dùng mã khôi phục thay thế",
    codeIntro: "Hãy ghi lại mã khôi phục này và cất giữ an toàn. Mã chỉ hiển thị một lần.",
    saved: "Tôi đã lưu mã khôi phục",
    finish: "Tạo ví của tôi",
    passkeyUnavailable: "Khóa truy cập này không thể bảo vệ ví của bạn. Hãy dùng mã khôi phục thay thế.",
    passkeyCancelled: "Chưa tạo được khóa truy cập. Hãy thử lại hoặc dùng mã khôi phục.",
    done: "Ví của bạn đã sẵn sàng."
  },
  recover: {
    title: "Khôi phục ví của bạn",
    introPasskey: "Trình duyệt này chưa biết ví của bạn. Hãy mở ví bằng khóa truy cập.",
    introCode: "Trình duyệt này chưa biết ví của bạn. Hãy nhập mã khôi phục để mở ví.",
    passkey: "Dùng khóa truy cập của tôi",
    codeLabel: "Mã khôi phục",
    submit: "Khôi phục",
    invalidCode: "Đây không phải mã khôi phục: hãy kiểm tra lỗi chính tả.",
    wrongFactor: "Mã này không mở được ví của bạn.",
    passkeyCancelled: "Khóa truy cập chưa được dùng. Hãy thử lại.",
    done: "Ví của bạn đã được mở."
  },
  export: {
    title: "Xuất khóa của bạn",
    warning: "Bất kỳ ai nhìn thấy các khóa này đều có thể lấy mọi thứ trong ví của bạn. Tuyệt đối không chia sẻ và chỉ hiển thị ở nơi không ai nhìn thấy.",
    show: "Hiện khóa của tôi",
    cancel: "Hủy",
    phrase: "Cụm từ khôi phục",
    evmKey: "Khóa riêng tư EVM",
    solanaKey: "Khóa riêng tư Solana",
    copy: "Sao chép",
    copied: "Đã sao chép",
    copyFailed: "Không được phép sao chép ở đây: hãy chọn văn bản thay thế.",
    done: "Xong"
  }
}

export default vi
