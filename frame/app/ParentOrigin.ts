/**
 * Which page framed this one, and whether its project lets it (docs/embedded-wallet.md "The parties").
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

/** This window's parent origin. */
export const current = (): Option.Option<string> =>
  of({ ancestorOrigins: location.ancestorOrigins, referrer: document.referrer, framed: window.parent !== window })

/** Whether the project's allowlist (as `/projects/v1/origins` gives it; `*` is every origin) admits `origin`. */
export const isAllowedBy = (allowedOrigins: ReadonlyArray<string>, origin: string): boolean =>
  allowedOrigins.includes("*") || isAllowed(allowedOrigins, origin)
