/**
 * Which page framed the frame (frame/app/ParentOrigin.ts): Chromium's ancestor origins first, else the
 * referrer's origin; nothing for a page not framed, an opaque parent or a withheld referrer; and whether
 * the project's allowlist admits it (`*`, exact origins, wildcards). The wallet's own window takes the
 * origin the modal tells it only as an origin written exactly, agreeing with the referrer when there is
 * one, in a top-level window with an opener.
 */
import * as Option from "effect/Option"
import { describe, expect, it } from "vitest"
import * as ParentOrigin from "../../../frame/app/ParentOrigin.ts"

describe("ParentOrigin", () => {
  it("takes the opener's told origin only when it is exactly an origin, the window is opened and top-level, and the referrer agrees", () => {
    const told = "https://shop.example"
    expect(ParentOrigin.openerOf({ opened: true, told, referrer: "https://shop.example/cart?x=1" })).toEqual(Option.some(told))
    // The opener's policy withheld its referrer: the told origin stands (posts go to it alone).
    expect(ParentOrigin.openerOf({ opened: true, told, referrer: "" })).toEqual(Option.some(told))
    // attack: a stranger's page opens the window and claims an allowed site.
    expect(ParentOrigin.openerOf({ opened: true, told, referrer: "https://evil.example/" })).toEqual(Option.none())
    expect(ParentOrigin.openerOf({ opened: false, told, referrer: "" })).toEqual(Option.none())
    expect(ParentOrigin.openerOf({ opened: true, told: undefined, referrer: "https://shop.example/" })).toEqual(Option.none())
    for (const malformed of ["https://shop.example/", "https://shop.example/path", "null", "shop.example", "HTTPS://SHOP.EXAMPLE"]) {
      expect(ParentOrigin.openerOf({ opened: true, told: malformed, referrer: "" }), malformed).toEqual(Option.none())
    }
  })

  it("takes the nearest ancestor's origin, else the referrer's", () => {
    expect(ParentOrigin.of({ framed: true, ancestorOrigins: ["https://shop.example", "https://top.example"], referrer: "https://other.example/x" }))
      .toEqual(Option.some("https://shop.example"))
    expect(ParentOrigin.of({ framed: true, ancestorOrigins: undefined, referrer: "https://shop.example:8443/cart?x=1" })).toEqual(Option.some("https://shop.example:8443"))
  })

  it("tells no parent when there is none to tell", () => {
    expect(ParentOrigin.of({ framed: false, ancestorOrigins: ["https://shop.example"], referrer: "" })).toEqual(Option.none())
    expect(ParentOrigin.of({ framed: true, ancestorOrigins: ["null"], referrer: "" })).toEqual(Option.none())
    expect(ParentOrigin.of({ framed: true, ancestorOrigins: undefined, referrer: "" })).toEqual(Option.none())
    expect(ParentOrigin.of({ framed: true, ancestorOrigins: [], referrer: "about:blank" })).toEqual(Option.none())
  })

  it("admits the origins the project allows, only those", () => {
    const allowed = ["https://shop.example", "https://*.apps.example"]
    expect(ParentOrigin.isAllowedBy(allowed, "https://shop.example")).toBe(true)
    expect(ParentOrigin.isAllowedBy(allowed, "https://a.apps.example")).toBe(true)
    expect(ParentOrigin.isAllowedBy(allowed, "https://evil-shop.example")).toBe(false)
    expect(ParentOrigin.isAllowedBy(allowed, "http://shop.example")).toBe(false)
    expect(ParentOrigin.isAllowedBy(["*"], "https://anyone.example")).toBe(true)
    expect(ParentOrigin.isAllowedBy([], "https://shop.example")).toBe(false)
  })
})
