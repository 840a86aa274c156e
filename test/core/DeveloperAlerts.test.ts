import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Alert from "../../core/Alert.ts"
import * as Config from "../../core/Config.ts"
import * as DeveloperAlerts from "../../core/DeveloperAlerts.ts"
import * as LegalConsent from "../../core/LegalConsent.ts"
import * as Theme from "../../core/Theme.ts"

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

  it("say which theme option was refused and what the modal uses instead, and why refused legal links leave no modal", () => {
    const [mode, variables] = Theme.ofHost({ themeMode: "auto", themeVariables: { accentColor: "red" } }).refused.map(DeveloperAlerts.ofThemeRefusal)
    expect(mode).toEqual({ key: "InvalidOption", detail: 'themeMode "auto": Theme mode must be light or dark; the modal is dark.' })
    expect(variables).toEqual({ key: "InvalidOption", detail: expect.stringMatching(/^themeVariables: Theme variables are invalid \(.*accentColor.*\); none is applied\.$/s) })
    const legal = DeveloperAlerts.ofLegalRefusal(new LegalConsent.InvalidLegalLinksError({ termsConditionsUrl: "http://host.example/terms", privacyPolicyUrl: "" }))
    expect(legal.key).toBe("InvalidOption")
    expect(legal.detail).toContain('termsConditionsUrl "http://host.example/terms"')
    expect(legal.detail).toContain("the modal does not open")
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
