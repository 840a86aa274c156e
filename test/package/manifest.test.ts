// The manifest a host installs: public entry points only, compiled output, no side effects, React as peer.
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

interface Manifest {
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, string>>>>
  readonly files: ReadonlyArray<string>
  readonly sideEffects: boolean
  readonly peerDependencies: Readonly<Record<string, string>>
  readonly dependencies: Readonly<Record<string, string>>
}
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as Manifest

describe("package.json for hosts", () => {
  it("exports the public entry points only, each as compiled JavaScript with types", () => {
    expect(Object.keys(manifest.exports).toSorted()).toEqual([".", "./package.json", "./permissions", "./react", "./server", "./testing", "./wagmi"])
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (entry === "./package.json") continue
      expect(target).toEqual({ types: expect.stringMatching(/^\.\/dist\/.+\.d\.m?ts$/), default: expect.stringMatching(/^\.\/dist\/.+\.m?js$/) })
    }
  })

  it("publishes only the build, without side effects, with React as a peer", () => {
    expect(manifest.files).toEqual(["dist", "README.md"])
    expect(manifest.sideEffects).toBe(false)
    expect(Object.keys(manifest.peerDependencies)).toEqual(expect.arrayContaining(["react", "react-dom"]))
    expect(manifest.dependencies["react"]).toBeUndefined()
  })
})
