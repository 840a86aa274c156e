/** Bahasa Indonesia: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const id: PanelTable = {
  loading: "Memuat…",
  ended: "Permintaan ini sudah tidak menunggu Anda.",
  sessionExpired: "Sesi Berakhir: masuk lagi.",
  failed: "Terjadi kesalahan. Silakan coba lagi.",
  trust: {
    site: "Diminta oleh",
    marker: "Tanda dompet Anda",
    noMarker: "Tanda dompet Anda muncul di sini setelah dompet Anda disiapkan di browser ini.",
    markerIntro: "Tanda dompet Anda di browser ini adalah {sign}. Panel dompet Anda selalu menampilkannya di atas: jangan pernah mengetik kode atau menyetujui apa pun di tempat tanda itu tidak ada."
  },
  guard: {
    steady: "Tunggu sebentar: tombol berfungsi setelah panel ini terlihat penuh sejenak.",
    hidden: "Panel ini tertutup atau tidak dapat membuktikan bahwa ia terlihat. Putuskan di jendela milik dompet sendiri.",
    openWindow: "Buka jendela dompet",
    windowOpened: "Lanjutkan di jendela dompet.",
    windowBlocked: "Browser memblokir jendela dompet. Izinkan pop-up untuk situs ini lalu coba lagi."
  },
  otp: {
    title: "Masukkan kode Anda",
    sentTo: "Ketik kode 6 digit yang kami kirim ke {email}. Ketik hanya di sini, di panel milik dompet Anda.",
    sentToCurrent: "Ketik kode 6 digit yang kami kirim ke alamat email Anda saat ini.",
    sentToNew: "Sekarang ketik kode 6 digit yang kami kirim ke {email}.",
    label: "Kode",
    submit: "Konfirmasi",
    wrong: "Kode itu salah. Sisa {triesLeft, plural, other {# percobaan}}.",
    expired: "Kode ini sudah kedaluwarsa. Minta kode baru.",
    locked: "Terlalu banyak kode yang salah. Minta kode baru.",
    emailInUse: "Alamat email ini milik akun lain.",
    done: "Kode dikonfirmasi."
  },
  approve: {
    titles: {
      personal_sign: "Tanda tangani pesan",
      eth_signTypedData_v4: "Tanda tangani data terstruktur",
      eth_sendTransaction: "Kirim transaksi",
      wallet_sendCalls: "Kirim panggilan",
      solana_signMessage: "Tanda tangani pesan",
      solana_signTransaction: "Tanda tangani transaksi",
      solana_signAllTransactions: "Tanda tangani transaksi-transaksi",
      solana_signAndSendTransaction: "Kirim transaksi"
    },
    fallbackTitle: "Setujui permintaan",
    network: "Jaringan",
    from: "Dari",
    to: "Ke",
    contractCreation: "Kontrak baru",
    value: "Jumlah",
    data: "Data",
    message: "Pesan",
    typedDataType: "Tipe",
    domain: "Domain",
    transaction: "Transaksi {index} dari {count}",
    fee: "Biaya jaringan (maksimum)",
    approve: "Setujui",
    reject: "Tolak",
    approved: "Disetujui",
    rejected: "Ditolak",
    unknownNetwork: "Jaringan tidak dikenal ({chainId})",
    truncated: "Permintaan ini lebih panjang daripada yang dapat ditampilkan dompet: sebagian terpotong di sini.",
    unreadable: "Dompet tidak dapat mengetahui apa yang dilakukan panggilan ini. Setujui hanya jika Anda memercayai situs ini dan tahu apa yang dimintanya."
  },
  intent: {
    action: "Tindakan",
    transfer: "Kirim token",
    approve: "Izinkan pembelanjaan token Anda",
    nftApprove: "Izinkan transfer satu koleksi",
    nftTransfer: "Kirim koleksi",
    approvalForAll: "Izinkan transfer seluruh koleksi",
    revokeAll: "Cabut izin untuk seluruh koleksi",
    permit: "Tanda tangan yang mengizinkan pembelanjaan token Anda (Permit)",
    permit2: "Tanda tangan yang mengizinkan pembelanjaan token Anda (Permit2)",
    solTransfer: "Kirim SOL",
    program: "Panggilan program",
    token: "Token",
    amount: "Jumlah",
    sender: "Dari",
    recipient: "Ke",
    spender: "Pembelanja",
    operator: "Operator",
    items: "Item",
    until: "Berlaku hingga",
    authority: "Ditandatangani oleh",
    writable: "Akun yang dapat diubahnya",
    unlimited: "Tanpa batas: pembelanja dapat mengambil semua token ini yang Anda miliki, sekarang dan nanti.",
    wholeCollection: "Operator dapat mengambil setiap item koleksi ini yang Anda miliki, sekarang dan nanti.",
    changes: "Apa yang berubah di dompet Anda",
    noChanges: "Tidak ada yang berubah di dompet Anda.",
    simulationUnavailable: "Jaringan ini tidak dapat menyimulasikan permintaan, jadi efeknya tidak dapat diperiksa: baca di atas apa yang dilakukannya.",
    simulationReverted: "Simulasi gagal: permintaan ini kemungkinan besar akan gagal. {reason}"
  },
  setup: {
    title: "Amankan dompet Anda",
    intro: "Jika browser ini melupakan dompet Anda, Anda bisa memulihkannya dengan kunci sandi atau kode pemulihan.",
    passkey: "Buat kunci sandi",
    useCode: "Gunakan kode pemulihan saja",
    codeIntro: "Catat kode pemulihan ini dan simpan di tempat aman. Kode ini hanya ditampilkan sekali.",
    saved: "Saya sudah menyimpan kode pemulihan",
    finish: "Buat dompet saya",
    passkeyUnavailable: "Kunci sandi ini tidak dapat melindungi dompet Anda. Gunakan kode pemulihan saja.",
    passkeyCancelled: "Kunci sandi tidak dibuat. Coba lagi atau gunakan kode pemulihan.",
    done: "Dompet Anda siap."
  },
  recover: {
    title: "Pulihkan dompet Anda",
    introPasskey: "Browser ini belum mengenal dompet Anda. Buka dengan kunci sandi Anda.",
    introCode: "Browser ini belum mengenal dompet Anda. Masukkan kode pemulihan untuk membukanya.",
    passkey: "Gunakan kunci sandi saya",
    codeLabel: "Kode pemulihan",
    submit: "Pulihkan",
    invalidCode: "Ini bukan kode pemulihan: periksa apakah ada salah ketik.",
    wrongFactor: "Kode ini tidak membuka dompet Anda.",
    passkeyCancelled: "Kunci sandi tidak digunakan. Coba lagi.",
    done: "Dompet Anda terbuka."
  },
  export: {
    title: "Ekspor kunci Anda",
    warning: "Siapa pun yang melihatnya dapat mengambil semua isi dompet Anda. Jangan pernah membagikannya, dan tampilkan hanya di tempat yang tidak dilihat orang.",
    show: "Tampilkan kunci saya",
    cancel: "Batal",
    phrase: "Frasa pemulihan",
    evmKey: "Kunci privat EVM",
    solanaKey: "Kunci privat Solana",
    copy: "Salin",
    copied: "Disalin",
    copyFailed: "Menyalin tidak diizinkan di sini: pilih teksnya saja.",
    done: "Selesai"
  }
}

export default id
