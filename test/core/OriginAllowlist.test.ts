import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as fc from "fast-check"
import * as OriginAllowlist from "../../core/OriginAllowlist.ts"

const { isAllowed, matches, parsePattern } = OriginAllowlist

const labelArb = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/)
// A top-level label of letters: a numeric last label makes URL read the host as IPv4.
const tldArb = fc.stringMatching(/^[a-z]{2,6}$/)
const domainArb = fc
  .tuple(fc.array(labelArb, { minLength: 1, maxLength: 3 }), tldArb)
  .map(([labels, tld]) => [...labels, tld].join("."))
const prefixArb = fc.array(labelArb, { minLength: 1, maxLength: 3 }).map((labels) => labels.join("."))
const schemeArb = fc.constantFrom("http", "https")
const portArb = fc.integer({ min: 1, max: 65_535 })
const defaultPort = { http: 80, https: 443 } as const

describe("exact patterns", () => {
  it("match the same origin, case-insensitively, default port implied", () => {
    assert.isTrue(matches("https://example.com", "https://example.com"))
    assert.isTrue(matches("https://Example.COM", "https://example.com"))
    assert.isTrue(matches("https://example.com", "https://EXAMPLE.com"))
    assert.isTrue(matches("https://example.com/", "https://example.com"))
    assert.isTrue(matches("https://example.com", "https://example.com:443"))
    assert.isTrue(matches("http://localhost:3000", "http://localhost:3000"))
    assert.isTrue(matches("http://127.0.0.1:5173", "http://127.0.0.1:5173"))
    assert.isTrue(matches("https://bücher.example", "https://xn--bcher-kva.example"))
  })

  it("property: any host matches itself and nothing that differs in scheme, port or host", () => {
    fc.assert(
      fc.property(schemeArb, domainArb, domainArb, portArb, (scheme, host, other, port) => {
        const origin = `${scheme}://${host}`
        assert.isTrue(matches(origin, origin))
        assert.isFalse(matches(origin, `${scheme === "https" ? "http" : "https"}://${host}`))
        if (port !== defaultPort[scheme]) {
          assert.isFalse(matches(origin, `${origin}:${port}`))
          assert.isFalse(matches(`${origin}:${port}`, origin))
          assert.isTrue(matches(`${origin}:${port}`, `${origin}:${port}`))
        }
        if (other !== host) assert.isFalse(matches(origin, `${scheme}://${other}`))
      })
    )
  })
})

describe("wildcard patterns", () => {
  const pattern = "https://*.example.com"

  it("match one or more labels, never the apex", () => {
    assert.isTrue(matches(pattern, "https://a.example.com"))
    assert.isTrue(matches(pattern, "https://a.b.example.com"))
    assert.isTrue(matches(pattern, "https://A.Example.Com"))
    assert.isFalse(matches(pattern, "https://example.com"))
  })

  it("never match lookalikes, other schemes or ports", () => {
    for (const origin of [
      "https://evil-example.com",
      "https://evilexample.com",
      "https://example.com.evil.io",
      "https://a.example.com.evil.io",
      "https://a.example.co",
      "https://a.example.com.",
      "https://.example.com",
      "https://a..example.com",
      "http://a.example.com",
      "wss://a.example.com",
      "https://a.example.com:8443",
      "https://user@a.example.com",
      "https://evil.io#.example.com",
      "https://evil.io/.example.com",
      "https://evil.io?.example.com",
      "https://evil.io\\.example.com",
      "https://a%2eexample.com",
      "null",
      ""
    ]) {
      assert.isFalse(matches(pattern, origin), origin)
    }
    assert.isTrue(matches("https://*.example.com:8443", "https://a.example.com:8443"))
    assert.isFalse(matches("https://*.example.com:8443", "https://a.example.com"))
  })

  it("property: every subdomain matches; the apex, lookalikes and suffix/prefix attacks never do", () => {
    fc.assert(
      fc.property(
        schemeArb,
        domainArb,
        prefixArb,
        labelArb,
        domainArb,
        (scheme, domain, sub, glue, evil) => {
          const wildcard = `${scheme}://*.${domain}`
          assert.isTrue(matches(wildcard, `${scheme}://${sub}.${domain}`))
          assert.isFalse(matches(wildcard, `${scheme}://${domain}`))
          // prefix attack: text glued to the domain without a dot
          assert.isFalse(matches(wildcard, `${scheme}://${glue}${domain}`))
          assert.isFalse(matches(wildcard, `${scheme}://${glue}-${domain}`))
          // suffix attack: the domain followed by an attacker's domain (one that itself ends in the domain,
          // such as `0.aa` after `0.aa`, makes a genuine subdomain and is no attack)
          if (!`.${evil}`.endsWith(`.${domain}`)) {
            assert.isFalse(matches(wildcard, `${scheme}://${sub}.${domain}.${evil}`))
            assert.isFalse(matches(wildcard, `${scheme}://${domain}.${evil}`))
          }
          // scheme change
          assert.isFalse(matches(wildcard, `${scheme === "https" ? "http" : "https"}://${sub}.${domain}`))
        }
      )
    )
  })

  it("property: a port must be named by the pattern", () => {
    fc.assert(
      fc.property(domainArb, prefixArb, portArb.filter((p) => p !== 443), (domain, sub, port) => {
        assert.isFalse(matches(`https://*.${domain}`, `https://${sub}.${domain}:${port}`))
        assert.isTrue(matches(`https://*.${domain}:${port}`, `https://${sub}.${domain}:${port}`))
      })
    )
  })
})

describe("malformed patterns", () => {
  it("are rejected and match nothing", () => {
    for (const pattern of [
      "",
      "*",
      "example.com",
      "*.example.com",
      "//example.com",
      "ftp://example.com",
      "javascript://example.com",
      "https://",
      "https://*",
      "https://*.com",
      "https://*.localhost",
      "https://**.example.com",
      "https://a*.example.com",
      "https://*example.com",
      "https://a.*.example.com",
      "https://example.*",
      "https://*.1.2.3.4",
      "https://*.[::1]",
      "https://example.com/path",
      "https://example.com?x",
      "https://example.com#x",
      "https://user@example.com",
      "https://exa mple.com",
      "https://example.com:99999",
      "https://example.com:*",
      "https://ex%41mple.com",
      " https://example.com",
      "https://.example.com",
      "https://a..example.com",
      "https://-a.example.com"
    ]) {
      assert.isTrue(Result.isFailure(parsePattern(pattern)), pattern)
      assert.isFalse(matches(pattern, "https://a.example.com"), pattern)
      assert.isFalse(matches(pattern, "https://example.com"), pattern)
    }
  })

  it("property: no arbitrary string pattern admits an origin on another registrable domain", () => {
    fc.assert(
      fc.property(fc.string(), (pattern) => {
        assert.isFalse(matches(pattern, "https://attacker.invalid.evil"))
      })
    )
  })
})

describe("isAllowed", () => {
  it("allows when any pattern matches and skips malformed ones", () => {
    const list = ["not a pattern", "https://app.example.org", "https://*.example.com"]
    assert.isTrue(isAllowed(list, "https://app.example.org"))
    assert.isTrue(isAllowed(list, "https://x.example.com"))
    assert.isFalse(isAllowed(list, "https://example.com"))
    assert.isFalse(isAllowed([], "https://example.com"))
  })
})
