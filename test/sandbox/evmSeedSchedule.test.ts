import * as fc from "fast-check"
import { beforeAll, describe, expect, it } from "vitest"
import { compileContracts, type CompiledContracts } from "../../sandbox/evm/Compile.ts"
import { deployerAccount } from "../../sandbox/evm/DemoAccounts.ts"
import { evmChainSpecs } from "../../sandbox/evm/NetworkShapes.ts"
import { deploymentPlan } from "../../sandbox/evm/SandboxContracts.ts"
import { historyMonths, seedSchedule, type SeedVariant } from "../../sandbox/evm/SeedSchedule.ts"

let compiled: CompiledContracts

beforeAll(async () => {
  compiled = await compileContracts()
})

const monthOf = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 7)

// From 2020 to 2040: any day, including the first hour of a year, when the current month is still empty.
const nowArbitrary = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-12-31T23:59:59Z"), noInvalidDate: true })
const variantArbitrary = fc.constantFrom<SeedVariant>("primary", "secondary")
const shapeOf = (variant: SeedVariant) => (variant === "primary" ? evmChainSpecs[0] : evmChainSpecs[1]).shape

describe("seedSchedule", () => {
  it("orders every step strictly after genesis and the step before, and at least an hour before now", () => {
    fc.assert(
      fc.property(nowArbitrary, variantArbitrary, (now, variant) => {
        const { genesisTimestamp, steps } = seedSchedule({ now, compiled, variant, shape: shapeOf(variant) })
        let previous = genesisTimestamp
        for (const step of steps) {
          expect(step.timestamp).toBeGreaterThan(previous)
          previous = step.timestamp
        }
        expect(previous).toBeLessThanOrEqual(now.getTime() / 1000 - 3600)
      }),
      { numRuns: 40 }
    )
  })

  it("spreads activity over at least 12 distinct months of at least two calendar years", () => {
    fc.assert(
      fc.property(nowArbitrary, variantArbitrary, (now, variant) => {
        const { steps } = seedSchedule({ now, compiled, variant, shape: shapeOf(variant) })
        const months = new Set(steps.map((step) => monthOf(step.timestamp)))
        expect(months.size).toBeGreaterThanOrEqual(historyMonths - 1)
        expect(new Set([...months].map((month) => month.slice(0, 4))).size).toBeGreaterThanOrEqual(2)
      }),
      { numRuns: 40 }
    )
  })

  it("starts with the deployer's contract creations (its plan, in order), so the addresses never move", () => {
    const count = deploymentPlan.length
    for (const variant of ["primary", "secondary"] as const) {
      const { steps } = seedSchedule({ now: new Date("2026-11-22T04:00:00Z"), compiled, variant, shape: shapeOf(variant) })
      expect(steps.slice(0, count).map((step) => [step.kind, step.from, step.to])).toEqual(
        Array.from({ length: count }, () => ["deploy", deployerAccount.address, null])
      )
      expect(steps.slice(count).some((step) => step.kind === "deploy")).toBe(false)
    }
  })

  it("is the same schedule for the same moment", () => {
    const now = new Date("2026-03-01T12:00:00Z")
    const shape = shapeOf("primary")
    expect(seedSchedule({ now, compiled, variant: "primary", shape })).toEqual(seedSchedule({ now, compiled, variant: "primary", shape }))
  })
})
