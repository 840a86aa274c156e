/**
 * The visitor's IANA timezone (the onramp is hidden in some, spec §9); undefined when the runtime has none.
 * Its own module: only the engine reads it, so the first chunk does not carry it.
 */
export const timeZone = (): string | undefined => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone === "" ? undefined : zone
}
