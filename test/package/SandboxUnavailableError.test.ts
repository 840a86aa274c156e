/** What `startSandbox` reports where the sandbox's tools are not installed: which packages to install, and how. */
import { describe, expect, it } from "vitest"
import { installCommand, missingSandboxTools, sandboxTools } from "../../testing/SandboxTools.ts"
import { missingPackageOf } from "../../testing/SandboxUnavailableError.ts"

describe("missingPackageOf", () => {
  it("names the package an import could not find, and nothing for other failures", async () => {
    const notInstalled = await import("portico-no-such-package" as string).then(() => undefined, (error: unknown) => error)
    expect(missingPackageOf(notInstalled)).toBe("portico-no-such-package")
    expect(missingPackageOf(new Error("Cannot find package 'x'"))).toBeUndefined()
    expect(missingPackageOf("ERR_MODULE_NOT_FOUND")).toBeUndefined()
  })
})

describe("missingSandboxTools", () => {
  it("finds every tool in a checkout", async () => {
    expect(await missingSandboxTools()).toEqual([])
  })

  it("lists each tool that is not installed, in order, under the package name to install", async () => {
    const missing = await missingSandboxTools([
      { name: "portico-no-such-devnet", entry: "portico-no-such-devnet/hre" },
      ...sandboxTools,
      { name: "portico-no-such-mail", entry: "portico-no-such-mail" }
    ])
    expect(missing).toEqual(["portico-no-such-devnet", "portico-no-such-mail"])
    expect(installCommand(missing)).toBe("npm install --save-dev portico-no-such-devnet portico-no-such-mail")
  })

  it("does not hide a tool that is installed but fails to load for another reason", async () => {
    // An unknown built-in fails with another code than a missing package.
    await expect(missingSandboxTools([{ name: "broken", entry: "node:nonsense" }])).rejects.toThrow()
  })
})
