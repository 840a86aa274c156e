/** Polski: the panels' words. */
import type { PanelTable } from "../PanelStrings.ts"

const pl: PanelTable = {
  loading: "Wczytywanie…",
  ended: "Ta prośba już na Ciebie nie czeka.",
  sessionExpired: "Sesja wygasła: zaloguj się ponownie.",
  failed: "Coś poszło nie tak. Spróbuj ponownie.",
  trust: {
    site: "Prośba od",
    marker: "Znak twojego portfela",
    noMarker: "Znak twojego portfela pojawi się tutaj, gdy portfel zostanie skonfigurowany w tej przeglądarce.",
    markerIntro: "Znak twojego portfela w tej przeglądarce to {sign}. Panele twojego portfela zawsze pokazują go na górze: nigdy nie wpisuj kodu ani niczego nie zatwierdzaj tam, gdzie go brakuje."
  },
  guard: {
    steady: "Chwileczkę: przyciski zadziałają, gdy ten panel będzie przez moment w pełni widoczny.",
    hidden: "Ten panel jest zasłonięty albo nie może potwierdzić, że jest widoczny. Zdecyduj zamiast tego we własnym oknie portfela.",
    openWindow: "Otwórz okno portfela",
    windowOpened: "Kontynuuj w oknie portfela.",
    windowBlocked: "Przeglądarka zablokowała okno portfela. Zezwól na wyskakujące okna dla tej strony i spróbuj ponownie."
  },
  otp: {
    title: "Wpisz kod",
    sentTo: "Wpisz 6-cyfrowy kod wysłany na adres {email}. Wpisz go tylko tutaj, we własnym panelu portfela.",
    sentToCurrent: "Wpisz 6-cyfrowy kod wysłany na twój obecny adres e-mail.",
    sentToNew: "Teraz wpisz 6-cyfrowy kod wysłany na adres {email}.",
    label: "Kod",
    submit: "Potwierdź",
    wrong: "Ten kod jest nieprawidłowy. {triesLeft, plural, one {Została # próba} few {Zostały # próby} many {Zostało # prób} other {Zostało # próby}}.",
    expired: "Ten kod wygasł. Poproś o nowy.",
    locked: "Zbyt wiele błędnych kodów. Poproś o nowy.",
    emailInUse: "Ten adres e-mail należy do innego konta.",
    done: "Kod potwierdzony."
  },
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
    data: "Dane",
    message: "Wiadomość",
    typedDataType: "Typ",
    domain: "Domena",
    transaction: "Transakcja {index} z {count}",
    fee: "Opłata sieciowa (maksymalnie)",
    approve: "Zatwierdź",
    reject: "Odrzuć",
    approved: "Zatwierdzono",
    rejected: "Odrzucono",
    unknownNetwork: "Nieznana sieć ({chainId})",
    truncated: "Ta prośba jest dłuższa, niż portfel może pokazać: jej część jest tu ucięta.",
    unreadable: "Portfel nie potrafi określić, co robi to wywołanie. Zatwierdzaj tylko, jeśli ufasz stronie i wiesz, o co prosi."
  },
  intent: {
    action: "Działanie",
    transfer: "Wyślij tokeny",
    approve: "Zezwól na wydawanie twoich tokenów",
    nftApprove: "Zezwól na przeniesienie jednego kolekcjonerskiego przedmiotu",
    nftTransfer: "Wyślij przedmioty kolekcjonerskie",
    approvalForAll: "Zezwól na przeniesienie całej kolekcji",
    revokeAll: "Wycofaj zgodę dla całej kolekcji",
    permit: "Podpis zezwalający na wydawanie twoich tokenów (Permit)",
    permit2: "Podpis zezwalający na wydawanie twoich tokenów (Permit2)",
    solTransfer: "Wyślij SOL",
    program: "Wywołanie programu",
    token: "Token",
    amount: "Kwota",
    sender: "Od",
    recipient: "Do",
    spender: "Uprawniony",
    operator: "Operator",
    items: "Przedmioty",
    until: "Ważne do",
    authority: "Podpisane przez",
    writable: "Konta, które może zmienić",
    unlimited: "Bez limitu: uprawniony może zabrać wszystkie twoje tokeny tego rodzaju, teraz i później.",
    wholeCollection: "Operator może zabrać każdy przedmiot z tej kolekcji, który posiadasz, teraz i później.",
    changes: "Co zmieni się w twoim portfelu",
    noChanges: "W twoim portfelu nic się nie zmieni.",
    simulationUnavailable: "Ta sieć nie może zasymulować prośby, więc nie sprawdzono jej skutku: przeczytaj powyżej, co robi.",
    simulationReverted: "Symulacja nie powiodła się: ta prośba najpewniej by się nie powiodła. {reason}"
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
