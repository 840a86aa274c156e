/** Tiếng Việt: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const vi: PanelTable = {
  loading: "Đang tải…",
  ended: "Yêu cầu này không còn chờ bạn nữa.",
  sessionExpired: "Phiên đã hết hạn: hãy đăng nhập lại.",
  failed: "Đã xảy ra lỗi. Vui lòng thử lại.",
  trust: {
    site: "Được yêu cầu bởi",
    marker: "Dấu hiệu của ví bạn",
    noMarker: "Dấu hiệu của ví bạn sẽ xuất hiện ở đây khi ví được thiết lập trên trình duyệt này.",
    markerIntro: "Dấu hiệu của ví bạn trên trình duyệt này là {sign}. Các bảng của ví luôn hiển thị nó ở trên cùng: đừng bao giờ nhập mã hay phê duyệt bất cứ điều gì ở nơi thiếu nó."
  },
  guard: {
    steady: "Chờ một chút: các nút sẽ hoạt động khi bảng này đã hiển thị đầy đủ trong giây lát.",
    hidden: "Bảng này đang bị che hoặc không thể chứng minh là đang hiển thị. Hãy quyết định trong cửa sổ riêng của ví.",
    openWindow: "Mở cửa sổ của ví",
    windowOpened: "Tiếp tục trong cửa sổ của ví.",
    windowBlocked: "Trình duyệt đã chặn cửa sổ của ví. Hãy cho phép cửa sổ bật lên cho trang này rồi thử lại."
  },
  otp: {
    title: "Nhập mã của bạn",
    sentTo: "Nhập mã 6 chữ số chúng tôi đã gửi tới {email}. Chỉ nhập ở đây, trong bảng riêng của ví bạn.",
    sentToCurrent: "Nhập mã 6 chữ số chúng tôi đã gửi tới địa chỉ email hiện tại của bạn.",
    sentToNew: "Bây giờ hãy nhập mã 6 chữ số chúng tôi đã gửi tới {email}.",
    label: "Mã",
    submit: "Xác nhận",
    wrong: "Mã không đúng. Còn {triesLeft, plural, other {# lần thử}}.",
    expired: "Mã này đã hết hạn. Hãy yêu cầu mã mới.",
    locked: "Nhập sai mã quá nhiều lần. Hãy yêu cầu mã mới.",
    emailInUse: "Địa chỉ email này thuộc về một tài khoản khác.",
    done: "Đã xác nhận mã."
  },
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
    data: "Dữ liệu",
    message: "Tin nhắn",
    typedDataType: "Kiểu",
    domain: "Miền",
    transaction: "Giao dịch {index}/{count}",
    fee: "Phí mạng (tối đa)",
    approve: "Phê duyệt",
    reject: "Từ chối",
    approved: "Đã phê duyệt",
    rejected: "Đã từ chối",
    unknownNetwork: "Mạng không xác định ({chainId})",
    truncated: "Yêu cầu này dài hơn mức ví có thể hiển thị: một phần đã bị cắt bớt ở đây.",
    unreadable: "Ví không thể biết lệnh gọi này làm gì. Chỉ phê duyệt nếu bạn tin trang web và biết nó yêu cầu gì."
  },
  intent: {
    action: "Hành động",
    transfer: "Gửi token",
    approve: "Cho phép chi tiêu token của bạn",
    nftApprove: "Cho phép chuyển một vật phẩm sưu tầm",
    nftTransfer: "Gửi vật phẩm sưu tầm",
    approvalForAll: "Cho phép chuyển cả bộ sưu tập",
    revokeAll: "Thu hồi quyền đối với cả bộ sưu tập",
    permit: "Chữ ký cho phép chi tiêu token của bạn (Permit)",
    permit2: "Chữ ký cho phép chi tiêu token của bạn (Permit2)",
    solTransfer: "Gửi SOL",
    program: "Gọi chương trình",
    token: "Token",
    amount: "Số lượng",
    sender: "Từ",
    recipient: "Đến",
    spender: "Bên được chi",
    operator: "Bên vận hành",
    items: "Vật phẩm",
    until: "Có hiệu lực đến",
    authority: "Được ký bởi",
    writable: "Các tài khoản nó có thể thay đổi",
    unlimited: "Không giới hạn: bên được chi có thể lấy toàn bộ token này bạn đang có, bây giờ và sau này.",
    wholeCollection: "Bên vận hành có thể lấy mọi vật phẩm trong bộ sưu tập này mà bạn đang có, bây giờ và sau này.",
    changes: "Những gì thay đổi trong ví của bạn",
    noChanges: "Không có gì thay đổi trong ví của bạn.",
    simulationUnavailable: "Mạng này không thể mô phỏng yêu cầu nên không kiểm tra được tác động của nó: hãy đọc phía trên để biết nó làm gì.",
    simulationReverted: "Mô phỏng thất bại: yêu cầu này rất có thể sẽ thất bại. {reason}"
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
