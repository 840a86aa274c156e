/**
 * Which page framed this one (or, for the wallet's own window, opened it), and whether its project lets
 * it (docs/embedded-wallet.md "The parties", "The wallet's window for a whole session").
 * Chromium tells the parent's origin in `location.ancestorOrigins`; other browsers leave the referrer's
 * origin (the parent's page loaded the frame). A page not framed, or whose parent cannot be told, has
 * no parent to answer. Being told the wrong origin cannot leak anything: messages are taken only from
 * that exact origin and posted only to it, so the browser delivers them to nobody else.
 */
import * as Option from "effect/Option"
import { isAllowed } from "../../core/OriginAllowlist.ts"

/** A location and document as the browser gives them; `ancestorOrigins` where the browser has it. */
export interface FramedPage {
  readonly ancestorOrigins: ArrayLike<string> | undefined
  readonly referrer: string
  readonly framed: boolean
}

export const of = (page: FramedPage): Option.Option<string> => {
  if (!page.framed) return Option.none()
  const ancestor = page.ancestorOrigins?.[0]
  if (ancestor !== undefined) return ancestor === "null" ? Option.none() : Option.some(ancestor)
  try {
    const origin = new URL(page.referrer).origin
    return origin === "null" ? Option.none() : Option.some(origin)
  } catch {
    // No referrer (the parent's policy withholds it): the parent cannot be told.
    return Option.none()
  }
}

/** A window opened by a page, as the browser gives it, and the origin the modal says that page has. */
export interface OpenedPage {
  readonly told: string | undefined
  readonly referrer: string
  /** The window has an opener and is top-level (not framed). */
  readonly opened: boolean
}

const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === "null" ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * The origin of the page that opened the wallet's own window: the one the modal says, which must be an
 * origin as written and agree with the referrer when the opener's policy sends one. As for a parent,
 * being told a wrong origin leaks nothing: the window hears only that origin and posts only to it.
 */
export const openerOf = (page: OpenedPage): Option.Option<string> => {
  if (!page.opened || page.told === undefined || originOf(page.told) !== page.told) return Option.none()
  const referred = page.referrer === "" ? undefined : originOf(page.referrer)
  return referred === undefined || referred === page.told ? Option.some(page.told) : Option.none()
}

/** The page the wallet answers: its parent when framed, the page that opened it when it is the wallet's window. */
export interface Host {
  readonly window: Window
  readonly origin: string
}

export const host = (mode: "frame" | "popup", told: string | undefined): Option.Option<Host> => {
  if (mode === "frame") return Option.map(current(), (origin) => ({ window: window.parent, origin }))
  const opener = window.opener as Window | null
  return opener === null
    ? Option.none()
    : Option.map(openerOf({ told, referrer: document.referrer, opened: window.parent === window }), (origin) => ({ window: opener, origin }))
}

/** This window's parent origin. */
export const current = (): Option.Option<string> =>
  of({ ancestorOrigins: location.ancestorOrigins, referrer: document.referrer, framed: window.parent !== window })

/** Whether the project's allowlist (as `/projects/v1/origins` gives it; `*` is every origin) admits `origin`. */
export const isAllowedBy = (allowedOrigins: ReadonlyArray<string>, origin: string): boolean =>
  allowedOrigins.includes("*") || isAllowed(allowedOrigins, origin)
