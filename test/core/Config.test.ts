import { describe, expect, it } from "vitest"
import * as Config from "../../core/Config.ts"

const base: Config.PorticoConfig = {
  projectId: "p",
  networks: [],
  metadata: { name: "t", description: "t", url: "http://localhost", icons: [] }
}

describe("features", () => {
  const socials = ["google", "x", "discord", "github", "apple", "facebook"]

  it("all wallets, receive, send, swaps, buying, email and the socials on with a server, analytics and the legal checkbox off by default", () => {
    expect(Config.features({ ...base, apiUrl: "https://api.test" })).toEqual({
      allWallets: true,
      email: true,
      socials,
      receive: true,
      send: true,
      swaps: true,
      onramp: true,
      analytics: false,
      legalCheckbox: false
    })
  })

  it("email and social stay off without a server to hold the embedded wallet, whatever the host asks", () => {
    expect(Config.features({ ...base, features: { email: true, socials: ["google"], allWallets: false, receive: false } })).toEqual({
      allWallets: false,
      email: false,
      socials: false,
      receive: false,
      send: true,
      swaps: true,
      onramp: true,
      analytics: false,
      legalCheckbox: false
    })
  })

  it("takes the host's socials and their order", () => {
    expect(Config.features({ ...base, apiUrl: "https://api.test", features: { socials: ["github", "google"], email: false } })).toMatchObject({
      email: false,
      socials: ["github", "google"]
    })
  })
})
