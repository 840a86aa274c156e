/**
 * The projectId is declared once: as ProjectGuard's security scheme (an API key in the `projectId` query
 * parameter), on every operation of a guarded group, and as no operation's own query parameter.
 */
import * as OpenApi from "effect/http-api/OpenApi"
import { describe, expect, it } from "vitest"
import { PorticoApi } from "../../../http/api/PorticoApi.ts"

const spec = OpenApi.fromApi(PorticoApi)

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

const operations = Object.values(spec.paths).flatMap((item) => methods.flatMap((method) => item[method] ?? []))

describe("ProjectGuard's projectId", () => {
  it("is one security scheme: an API key in the projectId query parameter", () => {
    expect(spec.components.securitySchemes).toEqual({ projectId: { type: "apiKey", name: "projectId", in: "query" } })
  })

  it("is no operation's own query parameter, and guards operations through the scheme", () => {
    expect(operations.flatMap((operation) => operation.parameters.map((parameter) => parameter.name))).not.toContain("projectId")
    const guarded = operations.filter((operation) => operation.security.some((requirement) => "projectId" in requirement))
    expect(guarded.length).toBeGreaterThan(20)
  })
})
