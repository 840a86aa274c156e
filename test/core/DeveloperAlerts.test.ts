import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Alert from "../../core/Alert.ts"
import * as Config from "../../core/Config.ts"
import * as DeveloperAlerts from "../../core/DeveloperAlerts.ts"

const config = (projectId: string) => Config.normalize({ projectId, networks: [], metadata: { name: "", description: "", url: "", icons: [] } })

describe("developer alerts", () => {
  it("say that an empty project id leaves WalletConnect out, and nothing when one is set", () => {
    expect(DeveloperAlerts.ofConfig(config(""))).toEqual([{ key: "ProjectIdNotConfigured", detail: expect.stringContaining("WalletConnect") }])
    expect(DeveloperAlerts.ofConfig(config("site"))).toEqual([])
  })

  it("name the server's refusals that are the configuration's fault, and only those", () => {
    expect(DeveloperAlerts.ofRefusal("InvalidProjectId")).toEqual({ key: "InvalidProjectId" })
    expect(DeveloperAlerts.ofRefusal("OriginNotAllowed")).toEqual({ key: "InvalidAppConfiguration" })
    for (const reason of ["RateLimited", "NotFound", "UpstreamUnavailable", "TimeoutError", "Unknown"]) expect(DeveloperAlerts.ofRefusal(reason)).toBeUndefined()
  })

  it("read as the catalogue's title and description, then what it means here", () => {
    expect(DeveloperAlerts.line(DeveloperAlerts.ofMissingNetwork("eip155:10"))).toBe(
      `[Portico] ${Alert.catalogue.SwitchNetworkNotFound.title}: ${Alert.catalogue.SwitchNetworkNotFound.description} eip155:10 is not in the networks option.`
    )
  })

  it("are passed on once each, in the order first raised", () => {
    const raised = fc.record({ key: fc.constantFrom(...(Object.keys(Alert.catalogue) as Array<Alert.Key>)), detail: fc.constantFrom("a", "b") }, { requiredKeys: ["key"] })
    fc.assert(fc.property(fc.array(raised), (sequence) => {
      const passed: Array<DeveloperAlerts.Raised> = []
      const tell = DeveloperAlerts.once((entry) => passed.push(entry))
      sequence.forEach(tell)
      const expected = sequence.filter((entry, index) => sequence.findIndex((other) => other.key === entry.key && other.detail === entry.detail) === index)
      expect(passed).toEqual(expected)
    }))
  })
})
