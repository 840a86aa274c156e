/** What `startSandbox` reports where the sandbox's tools are not installed: the package a failed import could not find. */
import { describe, expect, it } from "vitest"
import { missingPackageOf } from "../../testing/SandboxUnavailableError.ts"

describe("missingPackageOf", () => {
  it("names the package an import could not find, and nothing for other failures", async () => {
    const notInstalled = await import("portico-no-such-package" as string).then(() => undefined, (error: unknown) => error)
    expect(missingPackageOf(notInstalled)).toBe("portico-no-such-package")
    expect(missingPackageOf(new Error("Cannot find package 'x'"))).toBeUndefined()
    expect(missingPackageOf("ERR_MODULE_NOT_FOUND")).toBeUndefined()
  })
})
