/**
 * Which page framed the frame (frame/app/ParentOrigin.ts): Chromium's ancestor origins first, else the
 * referrer's origin; nothing for a page not framed, an opaque parent or a withheld referrer; and whether
 * the project's allowlist admits it (`*`, exact origins, wildcards).
 */
import * as Option from "effect/Option"
import { describe, expect, it } from "vitest"
import * as ParentOrigin from "../../../frame/app/ParentOrigin.ts"

describe("ParentOrigin", () => {
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
