/** What kind of device the page runs on, for choices the spec makes differently on a phone. */

/** A phone (narrow viewport and touch): without adapters the modal opens on AllWallets there. */
export const isMobile = (): boolean => globalThis.matchMedia?.("(pointer: coarse) and (max-width: 600px)").matches === true

/** The visitor's IANA timezone (the onramp is hidden in some, spec §9); undefined when the runtime has none. */
export const timeZone = (): string | undefined => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return zone === "" ? undefined : zone
}
