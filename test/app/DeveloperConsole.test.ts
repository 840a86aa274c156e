import { afterEach, describe, expect, it, vi } from "vitest"
import * as DeveloperConsole from "../../app/DeveloperConsole.ts"

describe("where the developer's alerts go", () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("a production build: the console only, never the visitor's modal", () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const shown: Array<string> = []
    const tell = DeveloperConsole.make((message) => shown.push(message), false)
    tell({ key: "ProjectIdNotConfigured" })
    tell({ key: "ProjectIdNotConfigured" })
    expect(warned).toHaveBeenCalledTimes(1)
    expect(warned.mock.calls[0]?.[0]).toMatch(/^\[Portico\] Project ID Not Configured: /)
    expect(shown).toEqual([])
  })

  it("a development build: the console and the modal's toast", () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const shown: Array<string> = []
    DeveloperConsole.make((message) => shown.push(message), true)({ key: "InvalidProjectId" })
    expect(shown).toEqual([expect.stringMatching(/^Invalid App Configuration: The project id is invalid/)])
  })

  it("a build is a development one unless bundled for production", () => {
    expect(DeveloperConsole.developmentBuild()).toBe(process.env.NODE_ENV !== "production")
  })
})
