/**
 * The connect button's label in each locale: the one text the host's first chunk needs, so the full
 * message tables load with the modal instead. The tables take their `connectWallet` from here.
 */
export const buttonLabels = { en: "Connect Wallet", de: "Wallet verbinden" } as const

/** The label for a locale ("de-AT" → de); English is the fallback. */
export const buttonLabel = (locale: string | undefined): string => {
  const language = (locale ?? "en").toLowerCase().split("-")[0]
  return language === "de" ? buttonLabels.de : buttonLabels.en
}
