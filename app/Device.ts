/** What kind of device the page runs on, for choices the spec makes differently on a phone. */

/** A phone (narrow viewport and touch): without adapters the modal opens on AllWallets there. */
export const isMobile = (): boolean => globalThis.matchMedia?.("(pointer: coarse) and (max-width: 600px)").matches === true

/** A touch-first device: focusing a text field there raises the on-screen keyboard over the view. */
export const isTouchFirst = (): boolean => globalThis.matchMedia?.("(pointer: coarse)").matches === true
