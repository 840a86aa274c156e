/**
 * The visitor's IANA timezone (the onramp is hidden in some, spec §9); undefined when the runtime has none.
 * Its own module: only the engine reads it, so the first chunk does not carry it. Read on first use and
 * kept: the first `Intl` call loads the runtime's time zone data, which the wallet list does not need.
 */
let zone: { readonly value: string | undefined } | undefined

export const timeZone = (): string | undefined => {
  zone ??= { value: Intl.DateTimeFormat().resolvedOptions().timeZone || undefined }
  return zone.value
}
