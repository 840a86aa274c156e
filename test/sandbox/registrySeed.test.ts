/**
 * The sandbox registry lets every wallet-list rule of spec §9 be seen: more than 100 wallets on the
 * sandbox chains (pages of 40, a search capped at 100) and some on other chains, which the filter drops.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startApiServer, type ApiServer } from "../../http/server/start.ts"
import { sandboxRegistry } from "../../sandbox/RegistrySeed.ts"

const solana = "solana:J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oBy"
const chains = ["eip155:31337", "eip155:31338", solana].join(",")
let server: ApiServer

beforeAll(async () => {
  server = await startApiServer({ port: 0, projects: { sandbox: { allowedOrigins: ["*"] } }, wallets: sandboxRegistry(solana) })
})
afterAll(() => server.stop())

const getWallets = async (query: Record<string, string>) => {
  const url = new URL(`${server.url}/getWallets`)
  for (const [key, value] of Object.entries({ projectId: "sandbox", st: "test", sv: "1", ...query })) url.searchParams.set(key, value)
  const response = await fetch(url)
  expect(response.status).toBe(200)
  return (await response.json()) as { readonly count: number; readonly data: ReadonlyArray<{ readonly id: string; readonly name: string }> }
}

describe("the sandbox registry", () => {
  it("lists more than 100 wallets on the sandbox chains, 40 a page, and none of the others", async () => {
    const first = await getWallets({ chains, page: "1" })
    expect(first.count).toBeGreaterThan(100)
    expect(first.data).toHaveLength(40)
    const all = [1, 2, 3, 4].map((page) => getWallets({ chains, page: String(page) }))
    const names = (await Promise.all(all)).flatMap((page) => page.data.map((entry) => entry.name))
    expect(names.some((name) => name.startsWith("Elsewhere"))).toBe(false)
  })

  it("a search over it reaches the 100-entry cap", async () => {
    const found = await getWallets({ chains, search: "sandbox", entries: "100" })
    expect(found.count).toBeGreaterThan(100)
    expect(found.data).toHaveLength(100)
  })
})
