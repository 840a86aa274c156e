/** axe-core over the open modal (it walks the open shadow root); every violation named in the failure. */
import axe from "axe-core"
import { expect } from "vitest"
import { modalHost } from "./render.tsx"

export const expectNoAxeViolations = async () => {
  const host = modalHost()
  if (host === null) throw new Error("The modal is not open")
  // Let the 150 ms view fade finish so colours are final.
  await new Promise((resolve) => setTimeout(resolve, 250))
  const results = await axe.run(host, { resultTypes: ["violations"] })
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`))
    .toEqual([])
}
