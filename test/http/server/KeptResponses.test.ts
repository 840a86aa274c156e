/**
 * Kept responses (http/server/KeptResponses.ts): a repeated read-mostly GET is written again without
 * entering the application, byte for byte and header for header, and each hit is still admitted as
 * the guard admits it: a token from the client's bucket, the Origin on the allowlist. A GET that
 * declares a body is the application's. What is kept stays within its byte budget.
 */
import { IncomingMessage, request, ServerResponse } from "node:http"
import { Socket } from "node:net"
import * as Clock from "effect/Clock"
import * as fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as KeptResponses from "../../../http/server/KeptResponses.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { movableClock } from "../support/embedded.ts"

let open: ApiServer
let limited: ApiServer
beforeAll(async () => {
  ;[open, limited] = await Promise.all([
    startApiServer({ port: 0, projects: { p: { allowedOrigins: ["https://app.test"] } } }),
    startApiServer({ port: 0, projects: { p: { allowedOrigins: ["*"] } }, rateLimit: { requests: 3, perSeconds: 60 } })
  ])
})
afterAll(() => Promise.all([open.stop(), limited.stop()]))

const registryPage = (server: ApiServer, page: number) => `${server.url}/getWallets?projectId=p&st=portico&sv=test&page=${page}&entries=5`

const shown = ["content-type", "content-length", "access-control-allow-origin", "vary", "x-content-type-options"] as const
const headersOf = (response: Response) => Object.fromEntries(shown.map((name) => [name, response.headers.get(name)]))

describe("kept responses", () => {
  it("write a repeated GET again as the application wrote it, with its Age", async () => {
    const headers = { origin: "https://app.test" }
    const first = await fetch(registryPage(open, 1), { headers })
    const again = await fetch(registryPage(open, 1), { headers })
    expect([first.status, again.status]).toEqual([200, 200])
    expect(first.headers.get("age")).toBeNull()
    expect(again.headers.get("age")).toBe("0")
    expect(headersOf(again)).toEqual(headersOf(first))
    expect(await again.text()).toBe(await first.text())
  })

  it("admit each Origin on its own: an answer kept for an allowed page is not one for another page", async () => {
    await fetch(registryPage(open, 2), { headers: { origin: "https://app.test" } })
    const kept = await fetch(registryPage(open, 2), { headers: { origin: "https://app.test" } })
    expect(kept.headers.get("age")).not.toBeNull()
    const other = await fetch(registryPage(open, 2), { headers: { origin: "https://elsewhere.test" } })
    expect(other.status).toBe(403)
  })

  it("still take a token from the client's bucket on every hit", async () => {
    const answers = []
    for (let index = 0; index < 4; index++) answers.push(await fetch(registryPage(limited, 1)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429])
    expect(answers.slice(1, 3).every((answer) => answer.headers.get("age") !== null)).toBe(true)
  })

  it("leave a GET that declares a body to the application", async () => {
    await fetch(registryPage(open, 3), { headers: { origin: "https://app.test" } })
    const age = await new Promise<string | undefined>((resolve, reject) => {
      const sent = request(registryPage(open, 3), { method: "GET", headers: { origin: "https://app.test", "content-type": "application/json", "content-length": "2" } }, (response) => {
        response.resume()
        response.once("end", () => resolve(response.headers.age))
      })
      sent.once("error", reject)
      sent.end("{}")
    })
    expect(age).toBeUndefined()
  })
})

const clock = Clock.Clock.defaultValue()

describe("kept responses, on the server's clock", () => {
  it("count a kept answer's Age on the injected clock, as its computation was", async () => {
    // An hour behind the system clock: what the server computes and what it keeps must both follow it.
    const time = movableClock()
    time.advance(-3_600_000)
    const server = await startApiServer({ port: 0, projects: { p: { allowedOrigins: ["*"] } } }, { clock: time.clock })
    try {
      const ages = []
      for (const step of [0, 0, 10_000]) {
        time.advance(step)
        ages.push((await fetch(registryPage(server, 1))).headers.get("age"))
      }
      expect(ages).toEqual([null, "0", "10"])
    } finally {
      await server.stop()
    }
  })
})

/** A GET for `url` as Node hands it to the server, with the response the application writes `body` to. */
const answered = (kept: KeptResponses.KeptResponses, url: string, body: Uint8Array) => {
  const incoming = new IncomingMessage(new Socket())
  incoming.method = "GET"
  incoming.url = url
  const response = new ServerResponse(incoming)
  kept.watch(incoming, response, { projectId: "p", body, at: Date.now(), until: Date.now() + 60_000, current: () => true })
  response.writeHead(200, { "content-type": "application/json" })
  response.emit("finish")
}
const hit = (kept: KeptResponses.KeptResponses, url: string) => {
  const incoming = new IncomingMessage(new Socket())
  incoming.method = "GET"
  incoming.url = url
  return kept.serve(incoming, new ServerResponse(incoming))
}

describe("kept responses, bounded", () => {
  it("hold at most their byte budget, the most recent answers first", () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 4_000 }), { minLength: 1, maxLength: 40 }), (sizes) => {
      const kept = KeptResponses.make({ maxBytes: 10_000, admit: () => true, clock })
      sizes.forEach((size, index) => answered(kept, `/v1/x?projectId=p&i=${index}`, new Uint8Array(size)))
      expect(kept.bytes()).toBeLessThanOrEqual(10_000)
      expect(hit(kept, `/v1/x?projectId=p&i=${sizes.length - 1}`)).toBe(true)
    }))
  })

  it("count each answer with a KiB beside its body, so tiny answers cannot pile up under the budget", () => {
    const kept = KeptResponses.make({ maxBytes: 10_000, admit: () => true, clock })
    for (let index = 0; index < 100; index++) answered(kept, `/v1/x?projectId=p&i=${index}`, new Uint8Array(2))
    const held = Array.from({ length: 100 }, (_, index) => hit(kept, `/v1/x?projectId=p&i=${index}`)).filter(Boolean).length
    expect(held).toBe(Math.floor(10_000 / 1_026))
  })
})
