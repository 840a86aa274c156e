/** Polski: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const pl: PanelTable = {
  loading: "Wczytywanie…",
  ended: "Ta prośba już na Ciebie nie czeka.",
  sessionExpired: "Sesja wygasła: zaloguj się ponownie.",
  failed: "Coś poszło nie tak. Spróbuj ponownie.",
  approve: {
    titles: {
      personal_sign: "Podpisz wiadomość",
      eth_signTypedData_v4: "Podpisz dane strukturalne",
      eth_sendTransaction: "Wyślij transakcję",
      wallet_sendCalls: "Wyślij wywołania",
      solana_signMessage: "Podpisz wiadomość",
      solana_signTransaction: "Podpisz transakcję",
      solana_signAllTransactions: "Podpisz transakcje",
      solana_signAndSendTransaction: "Wyślij transakcję"
    },
    fallbackTitle: "Zatwierdź prośbę",
    network: "Sieć",
    from: "Od",
    to: "Do",
    contractCreation: "Nowy kontrakt",
    value: "Kwota",
    call: "Wywołanie",
    data: "Dane",
    message: "Wiadomość",
    typedDataType: "Typ",
    domain: "Domena",
    programs: "Programy",
    transaction: "Transakcja {index} z {count}",
    fee: "Opłata sieciowa (maksymalnie)",
    approve: "Zatwierdź",
    reject: "Odrzuć",
    approved: "Zatwierdzono",
    rejected: "Odrzucono"
  },
  setup: {
    title: "Zabezpiecz swój portfel",
    intro: "Jeśli ta przeglądarka zapomni Twój portfel, odzyskasz go kluczem dostępu albo kodem odzyskiwania.",
    passkey: "Utwórz klucz dostępu",
    useCode: "Użyj zamiast tego kodu odzyskiwania",
    codeIntro: "Zapisz ten kod odzyskiwania i przechowuj go w bezpiecznym miejscu. Zobaczysz go tylko raz.",
    saved: "Zapisałem kod odzyskiwania",
    finish: "Utwórz mój portfel",
    passkeyUnavailable: "Ten klucz dostępu nie może chronić Twojego portfela. Użyj kodu odzyskiwania.",
    passkeyCancelled: "Nie utworzono klucza dostępu. Spróbuj ponownie albo użyj kodu odzyskiwania.",
    done: "Twój portfel jest gotowy."
  },
  recover: {
    title: "Odzyskaj swój portfel",
    introPasskey: "Ta przeglądarka nie zna jeszcze Twojego portfela. Otwórz go kluczem dostępu.",
    introCode: "Ta przeglądarka nie zna jeszcze Twojego portfela. Wpisz kod odzyskiwania, aby go otworzyć.",
    passkey: "Użyj mojego klucza dostępu",
    codeLabel: "Kod odzyskiwania",
    submit: "Odzyskaj",
    invalidCode: "To nie jest kod odzyskiwania: sprawdź, czy nie ma literówek.",
    wrongFactor: "Ten kod nie otwiera Twojego portfela.",
    passkeyCancelled: "Nie użyto klucza dostępu. Spróbuj ponownie.",
    done: "Twój portfel jest otwarty."
  },
  export: {
    title: "Eksportuj klucze",
    warning: "Każdy, kto je zobaczy, może zabrać wszystko z Twojego portfela. Nigdy ich nie udostępniaj i pokazuj je tylko tam, gdzie nikt nie patrzy.",
    show: "Pokaż moje klucze",
    cancel: "Anuluj",
    phrase: "Fraza odzyskiwania",
    evmKey: "Klucz prywatny EVM",
    solanaKey: "Klucz prywatny Solana",
    copy: "Kopiuj",
    copied: "Skopiowano",
    copyFailed: "Kopiowanie jest tu niedozwolone: zaznacz tekst.",
    done: "Gotowe"
  }
}

export default pl
