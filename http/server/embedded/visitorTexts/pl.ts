/** Polski (na "ty", "logowanie" as the modal's table). */
import type { VisitorTexts } from "../VisitorTexts.ts"

export const pl: VisitorTexts = {
  mail: {
    code: { subject: "Twój kod logowania", intro: "Twój kod logowania to:" },
    device: {
      subject: "Zatwierdź logowanie na nowym urządzeniu",
      intro: "Ktoś chce się zalogować tym adresem na nowym urządzeniu. Jeśli to Ty, otwórz ten link, aby zatwierdzić urządzenie:",
      outro: "Po zatwierdzeniu urządzenia otrzymasz kod logowania. Link jest ważny przez 10 minut. Jeśli to nie Ty, zignoruj tę wiadomość."
    },
    updateCurrent: { subject: "Potwierdź zmianę adresu e-mail", intro: "Aby zmienić adres logowania na {email}, wpisz ten kod:" },
    updateNew: { subject: "Potwierdź nowy adres e-mail", intro: "Aby logować się tym adresem, wpisz ten kod:" },
    codeValidity: "Kod jest ważny przez 10 minut. Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość."
  },
  approval: {
    confirm: {
      title: "Zatwierdzić to urządzenie?",
      body: "Ktoś chce się zalogować tym adresem na nowym urządzeniu. Jeśli to Ty, zatwierdź urządzenie; jeśli nie, zamknij tę stronę."
    },
    approved: { title: "Urządzenie zatwierdzone", body: "To urządzenie jest zatwierdzone. Wróć do strony: kod logowania jest już w drodze." },
    gone: { title: "Link jest już nieważny", body: "Ten link wygasł lub został już użyty. Rozpocznij logowanie od nowa." },
    mailFailed: { title: "Spróbuj ponownie", body: "Nie udało się wysłać kodu logowania. Otwórz ten link ponownie za chwilę." },
    forbidden: { title: "Nie zatwierdzono", body: "Zatwierdź urządzenie przyciskiem na stronie, którą otwiera ten link." },
    button: "Zatwierdź to urządzenie"
  },
  socialDone: {
    signedIn: { title: "Zalogowano", body: "Logowanie kończy się w oknie, w którym się zaczęło. Możesz zamknąć to okno." },
    failed: { title: "Logowanie nie zostało ukończone", body: "Nie udało się dokończyć logowania. Możesz zamknąć to okno i spróbować ponownie." }
  }
}
