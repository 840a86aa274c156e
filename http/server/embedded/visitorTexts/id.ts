/** Bahasa Indonesia ("Anda", "masuk" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const id: VisitorTexts = {
  mail: {
    code: { subject: "Kode masuk Anda", intro: "Kode masuk Anda:" },
    device: {
      subject: "Setujui proses masuk di perangkat baru",
      intro: "Seseorang meminta masuk dengan alamat ini di perangkat baru. Jika itu Anda, buka tautan ini untuk menyetujui perangkat tersebut:",
      outro: "Kode masuk akan dikirim setelah perangkat disetujui. Tautan ini berlaku selama 10 menit. Jika itu bukan Anda, abaikan pesan ini."
    },
    updateCurrent: { subject: "Konfirmasi perubahan email Anda", intro: "Untuk mengganti alamat masuk Anda menjadi {email}, masukkan kode ini:" },
    updateNew: { subject: "Konfirmasi alamat email baru Anda", intro: "Untuk menjadikan alamat ini alamat masuk Anda, masukkan kode ini:" },
    codeValidity: "Kode ini berlaku selama 10 menit. Jika Anda tidak memintanya, abaikan pesan ini."
  },
  approval: {
    confirm: {
      title: "Setujui perangkat ini?",
      body: "Seseorang meminta masuk dengan alamat ini di perangkat baru. Jika itu Anda, setujui perangkat ini; jika bukan, tutup halaman ini."
    },
    approved: { title: "Perangkat disetujui", body: "Perangkat ini sudah disetujui. Kembali ke situs: kode masuk Anda sedang dikirim." },
    gone: { title: "Tautan tidak berlaku lagi", body: "Tautan ini sudah kedaluwarsa atau sudah digunakan. Mulai proses masuk lagi." },
    mailFailed: { title: "Silakan coba lagi", body: "Kode masuk tidak dapat dikirim. Buka tautan ini lagi sebentar lagi." },
    forbidden: { title: "Tidak disetujui", body: "Setujui perangkat dengan tombol di halaman yang dibuka oleh tautan ini." },
    button: "Setujui perangkat ini"
  },
  socialDone: {
    signedIn: { title: "Berhasil masuk", body: "Proses masuk diselesaikan di jendela yang memulainya. Anda dapat menutup jendela ini." },
    failed: { title: "Proses masuk tidak selesai", body: "Proses masuk tidak berhasil diselesaikan. Anda dapat menutup jendela ini dan mencoba lagi." }
  }
}
