import { describe, expect, it } from "vitest"
import * as Config from "../../core/Config.ts"

const base: Config.PorticoConfig = {
  projectId: "p",
  networks: [],
  metadata: { name: "t", description: "t", url: "http://localhost", icons: [] }
}

describe("features", () => {
  it("all wallets and receive on, analytics off by default", () => {
    expect(Config.features(base)).toEqual({ allWallets: true, email: false, socials: false, receive: true, send: true, analytics: false })
  })

  it("email and social stay off until an embedded wallet exists, whatever the host asks", () => {
    expect(Config.features({ ...base, features: { email: true, socials: true, allWallets: false, receive: false } })).toEqual({
      allWallets: false,
      email: false,
      socials: false,
      receive: false,
      send: true,
      analytics: false
    })
  })
})
