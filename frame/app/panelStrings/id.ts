/** Bahasa Indonesia: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const id: PanelTable = {
  loading: "Memuat…",
  ended: "Permintaan ini sudah tidak menunggu Anda.",
  sessionExpired: "Sesi Berakhir: masuk lagi.",
  failed: "Terjadi kesalahan. Silakan coba lagi.",
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
    call: "Panggilan",
    data: "Data",
    message: "Pesan",
    typedDataType: "Tipe",
    domain: "Domain",
    programs: "Program",
    transaction: "Transaksi {index} dari {count}",
    fee: "Biaya jaringan (maksimum)",
    approve: "Setujui",
    reject: "Tolak",
    approved: "Disetujui",
    rejected: "Ditolak"
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
