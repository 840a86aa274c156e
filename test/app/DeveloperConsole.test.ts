import { afterEach, describe, expect, it, vi } from "vitest"
import * as Alert from "../../core/Alert.ts"
import * as DeveloperAlerts from "../../core/DeveloperAlerts.ts"
import * as DeveloperConsole from "../../app/DeveloperConsole.ts"

describe("where the developer's alerts go", () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("a production build: the console only, never the visitor's modal", () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const shown: Array<string> = []
    DeveloperConsole.tell({ key: "ProjectIdNotConfigured" }, (message) => shown.push(message), false)
    expect(warned).toHaveBeenCalledTimes(1)
    expect(warned.mock.calls[0]?.[0]).toMatch(/^\[Portico\] Project ID Not Configured: /)
    expect(shown).toEqual([])
  })

  it("a development build: the console and the modal's toast", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const shown: Array<string> = []
    DeveloperConsole.tell({ key: "InvalidProjectId" }, (message) => shown.push(message), true)
    expect(shown).toEqual([expect.stringMatching(/^Invalid App Configuration: The project id is invalid/)])
  })

  it("read as the catalogue's title and description, then what it means here", () => {
    expect(DeveloperConsole.line(DeveloperAlerts.ofMissingNetwork("eip155:10"))).toBe(
      `[Portico] ${Alert.catalogue.SwitchNetworkNotFound.title}: ${Alert.catalogue.SwitchNetworkNotFound.description} eip155:10 is not in the networks option.`
    )
  })

  it("a build is a development one only when built for development", () => {
    expect(DeveloperConsole.developmentBuild()).toBe(process.env.NODE_ENV === "development")
  })
})
