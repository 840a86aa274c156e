/**
 * No input reaches a 500. Every path and method of the server's own OpenAPI document is sent requests
 * generated from its parameters and body schema, then spoiled with hostile values: NUL bytes, `%00`,
 * `..` and broken percent-escapes in path segments, huge, negative, exponent and hex integers, 10 KB and
 * unicode strings, arrays and objects where scalars belong, repeated and missing parameters, truncated
 * and 1,000-deep JSON, bodies of the wrong media type. Each answer must be below 500 (or a 501/502/503
 * the operation documents, for an upstream this test has not configured) and, when it is an error, a
 * JSON body with its `_tag` and `message`; afterwards a plain request still answers 200. The chain RPC
 * route (a plain route, outside the document) answers JSON-RPC errors instead.
 */
import { request } from "node:http"
import * as fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { ApiServer } from "../../../http/server/start.ts"
import { projectId, signIn, startEmbeddedWorld, type EmbeddedWorld } from "../support/embedded.ts"

/** Fixed, so a failure is replayed exactly; runs per operation bounded so the file stays well under a minute. */
const seed = 2611
const runsPerOperation = 32

const guard = { projectId, st: "portico", sv: "fuzz" } as const
const plenty = { requests: 1_000_000, perSeconds: 60 }

let world: EmbeddedWorld
let server: ApiServer
let document: OpenApi
/** A signed-in visitor's access token, so the embedded wallet's session calls reach their handlers. */
let accessToken: string
beforeAll(async () => {
  // The embedded wallet configured with a real mail server (codes are read from it) and its project.
  world = await startEmbeddedWorld({
    projects: { [projectId]: { allowedOrigins: ["https://dapp.test"], analyticsEnabled: true } },
    rateLimit: plenty,
    unknownProjectRateLimit: plenty
  })
  server = world.api
  accessToken = (await signIn(world)).grant.accessToken
  document = await (await fetch(`${server.url}/openapi.json`)).json() as OpenApi
})
afterAll(() => world?.stop())

interface JsonSchema {
  readonly type?: string
  readonly $ref?: string
  readonly enum?: ReadonlyArray<unknown>
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly items?: JsonSchema
}
interface Parameter { readonly name: string; readonly in: string; readonly required?: boolean; readonly schema?: JsonSchema }
interface Operation {
  readonly parameters?: ReadonlyArray<Parameter>
  readonly requestBody?: { readonly content: Readonly<Record<string, { readonly schema: JsonSchema }>> }
  readonly responses: Readonly<Record<string, unknown>>
  readonly security?: ReadonlyArray<Readonly<Record<string, unknown>>>
}
interface OpenApi {
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>> }
}

const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref === undefined ? schema : resolve(document.components.schemas[schema.$ref.replace("#/components/schemas/", "")] ?? {})

const evmAddress = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const solanaAddress = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
const base64Url43 = "A".repeat(43)

/**
 * Values a real client sends, by the field's name: the document says only "string", while the
 * contracts want addresses, CAIP ids, hex ids and codes, so requests get past decoding to the handlers.
 */
const examples: ReadonlyArray<readonly [RegExp, ReadonlyArray<string>]> = [
  [/address|sender|wallet/i, [evmAddress, solanaAddress]],
  [/chainId|network|caip/i, ["eip155:1", "eip155:31337", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "1"]],
  [/^(from|to|token)/i, [`eip155:1:${evmAddress}`, "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", evmAddress]],
  [/email/i, ["visitor@portico.test"]],
  [/deviceId/i, ["device-0123456789abcdef"]],
  [/^otp$/i, ["123456"]],
  [/id$/i, ["0123456789abcdef0123456789abcdef", "metamask", "p"]],
  [/refreshToken|nonce|pollSecret|completionCode|Share$/i, [base64Url43]],
  [/signature/i, [`0x${"11".repeat(65)}`]],
  [/amount|page|entries|gasPrice/i, ["1000000", "1", "0"]],
  [/locale/i, ["en", "de", "ar", "zh-TW"]],
  [/name|zone/i, ["alice.portico.id", "vitalik.eth", ".portico.id"]],
  [/currency/i, ["usd", "USD", "USDC"]],
  [/url|returnTo/i, ["https://dapp.test/", "http://127.0.0.1:1/"]]
]

/** Strings a real client might send for `name`. */
const plausible = (name: string) =>
  fc.constantFrom(...(examples.find(([pattern]) => pattern.test(name))?.[1] ?? ["a", "1000", "usd", "eip155:1", evmAddress]))

/** Text no handler should choke on. */
const hostileText = fc.constantFrom(
  "\u0000", "a\u0000b", "..", "../../etc/passwd", "x".repeat(10_240), "1e309", "-1", "0x10", "99999999999999999999", "",
  " ", "é漢字🦄", "\u202e\u200b", "\uFFFF", "null", "[]", "{}", "%00", "%ff", "eip155:", "eip155:-1", "eip155:0x10", ":::",
  "<script>", "'; DROP TABLE wallets; --"
)

/** JSON values of the wrong shape for any field. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(1e308, -1, 0, 2 ** 53 + 1, -0.5, true, null, [], {}, ["a"], { a: 1 }, [[[]]]),
  fc.array(hostileText, { maxLength: 3 })
)

/** A value shaped by `schema` (and the field's `name`); sometimes a hostile one instead. */
const valueOf = (schema: JsonSchema, name = "", depth = 0): fc.Arbitrary<unknown> => {
  const resolved = resolve(schema)
  const shaped = ((): fc.Arbitrary<unknown> => {
    if (resolved.enum !== undefined && resolved.enum.length > 0) return fc.constantFrom(...resolved.enum)
    if (resolved.anyOf !== undefined && resolved.anyOf.length > 0) return fc.oneof(...resolved.anyOf.map((option) => valueOf(option, name, depth + 1)))
    switch (resolved.type) {
      case "object": return objectOf(resolved, depth)
      case "array": return depth > 4 ? fc.constant([]) : fc.array(valueOf(resolved.items ?? {}, name, depth + 1), { maxLength: 3 })
      case "boolean": return fc.boolean()
      case "number": case "integer": return fc.integer({ min: 0, max: 2_000_000 })
      case "null": return fc.constant(null)
      default: return fc.oneof({ arbitrary: plausible(name), weight: 4 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 })
    }
  })()
  return fc.oneof({ arbitrary: shaped, weight: 9 }, { arbitrary: hostileJson, weight: 1 })
}

/** `value` now and then, else null. */
const rarely = <T>(value: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(null), weight: 7 }, { arbitrary: value, weight: 1 })

/** An object with its required keys (one sometimes dropped), some optional ones, and sometimes a stranger. */
const objectOf = (schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> => {
  const entries = Object.entries(schema.properties ?? {})
  if (depth > 4) return fc.constant({})
  return fc.record({
    fields: fc.tuple(...entries.map(([key, field]) => valueOf(field, key, depth + 1))),
    keep: fc.array(fc.boolean(), { minLength: entries.length, maxLength: entries.length }),
    drop: rarely(fc.nat(Math.max(0, entries.length - 1))),
    stranger: rarely(fc.tuple(fc.constantFrom("__proto__", "constructor", "extra", "\u0000"), hostileJson))
  }).map(({ fields, keep, drop, stranger }) => {
    const body: Record<string, unknown> = {}
    entries.forEach(([name], index) => {
      const wanted = (schema.required ?? []).includes(name) ? drop !== index : keep[index]
      if (wanted === true) body[name] = fields[index]
    })
    if (stranger !== null) Object.defineProperty(body, stranger[0], { value: stranger[1], enumerable: true, writable: true })
    return body
  })
}

const deepJson = (levels: number) => `${"[".repeat(levels)}1${"]".repeat(levels)}`

/** What one request sends: raw path, query pairs (keys may repeat), headers, body. */
interface Sent {
  readonly method: string
  readonly path: string
  readonly query: ReadonlyArray<readonly [string, string]>
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

const asText = (value: unknown): string => typeof value === "string" ? value : JSON.stringify(value) ?? ""

/** A path segment: encoded, or raw bytes a client may send (`%00`, `..`, a broken escape). */
const segment = (parameter: Parameter) =>
  fc.oneof(
    { arbitrary: valueOf(parameter.schema ?? {}, parameter.name).map((value) => encodeURIComponent(asText(value))), weight: 5 },
    { arbitrary: fc.constantFrom("%00", "a%00b", "..", "%2e%2e", "%ff", "%", "%zz", "a%2fb"), weight: 1 }
  )

/** One query parameter's pairs: absent, one value, or the key repeated. */
const queryPairs = (parameter: Parameter): fc.Arbitrary<ReadonlyArray<readonly [string, string]>> =>
  fc.oneof(
    { arbitrary: fc.constant([]), weight: parameter.required === true ? 1 : 3 },
    { arbitrary: valueOf(parameter.schema ?? {}, parameter.name).map((value) => [[parameter.name, asText(value)] as const]), weight: 5 },
    { arbitrary: fc.array(valueOf(parameter.schema ?? {}, parameter.name), { minLength: 2, maxLength: 3 }).map((values) => values.map((value) => [parameter.name, asText(value)] as const)), weight: 1 }
  )

/** The body and its media type: as documented, or truncated, too deep, not JSON, or of another type. */
interface Body { readonly type?: string; readonly text?: string }

const bodyOf = (operation: Operation): fc.Arbitrary<Body> => {
  const [mediaType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? ["application/json", { schema: {} }]
  const encode = (value: unknown) =>
    mediaType === "application/x-www-form-urlencoded" && typeof value === "object" && value !== null
      ? new URLSearchParams(Object.entries(value).map(([key, field]) => [key, asText(field)])).toString()
      : JSON.stringify(value) ?? ""
  const documented = valueOf(content.schema).map(encode)
  return fc.oneof(
    { arbitrary: documented.map((text) => ({ type: mediaType, text })), weight: 6 },
    { arbitrary: fc.tuple(documented, fc.nat()).map(([text, cut]) => ({ type: mediaType, text: text.slice(0, cut % Math.max(1, text.length)) })), weight: 1 },
    { arbitrary: fc.constant({ type: "application/json", text: deepJson(1_000) }), weight: 1 },
    { arbitrary: fc.constantFrom("", "{", "nul", "\u0000", "[1,", "1e309", "\"\\u0000\"").map((text) => ({ type: "application/json", text })), weight: 1 },
    { arbitrary: fc.tuple(documented, fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data", "application/json; charset=utf-16", "")).map(([text, type]) => ({ type, text })), weight: 1 },
    { arbitrary: fc.constant<Body>({}), weight: 1 }
  )
}

/** The signed-in visitor's token, a spoiled one, or none worth the name. */
const bearer = () =>
  fc.constantFrom(`Bearer ${accessToken}`, `Bearer ${accessToken}`, `Bearer ${accessToken}x`, "Bearer ", "Bearer x.y.z", `Bearer ${"a".repeat(5_000)}`, "Basic é")

const guardPairs = fc.oneof(
  { arbitrary: fc.constant(Object.entries(guard)), weight: 10 },
  { arbitrary: fc.subarray(Object.entries(guard)), weight: 1 },
  { arbitrary: fc.constant([["projectId", "unknown"], ["st", "portico"], ["sv", "fuzz"]]), weight: 1 }
)

const requestOf = (template: string, method: string, operation: Operation): fc.Arbitrary<Sent> => {
  const parameters = operation.parameters ?? []
  const inPath = parameters.filter((parameter) => parameter.in === "path")
  const inQuery = parameters.filter((parameter) => parameter.in === "query" && !(parameter.name in guard))
  const inHeader = parameters.filter((parameter) => parameter.in === "header")
  // The project guard's key is the document's security scheme, not a parameter.
  const guarded = (operation.security ?? []).some((scheme) => "projectId" in scheme)
  return fc.record({
    segments: fc.tuple(...inPath.map(segment)),
    guard: guardPairs,
    query: fc.tuple(...inQuery.map(queryPairs)),
    headers: fc.tuple(...inHeader.map(() => fc.option(bearer(), { freq: 4 }))),
    body: method === "get" || method === "delete" ? fc.constant<Body>({}) : bodyOf(operation),
    stranger: fc.oneof({ arbitrary: fc.constant([]), weight: 9 }, { arbitrary: fc.tuple(hostileText, hostileText).map((pair) => [pair]), weight: 1 })
  }).map((drawn) => {
    let path = template
    inPath.forEach((parameter, index) => { path = path.replace(`{${parameter.name}}`, drawn.segments[index] ?? "") })
    const headers: Record<string, string> = { origin: path.startsWith("/v1/embedded/") ? server.url : "https://dapp.test" }
    inHeader.forEach((parameter, index) => {
      const value = drawn.headers[index]
      // Node refuses to send header values outside Latin-1; those are the transport's to reject, not ours.
      if (value !== null && value !== undefined && /^[\u0020-\u00ff]*$/.test(value)) headers[parameter.name] = value
    })
    if (drawn.body.type !== undefined && drawn.body.type !== "") headers["content-type"] = drawn.body.type
    return {
      method: method.toUpperCase(),
      path,
      query: [...(guarded ? drawn.guard : []), ...drawn.query.flat(), ...drawn.stranger],
      headers,
      ...(drawn.body.text === undefined ? {} : { body: drawn.body.text })
    }
  })
}

interface Answer { readonly status: number; readonly type: string; readonly text: string }

/** Sends exactly what `sent` says (fetch would normalise `..` and `%00` away). */
const send = (sent: Sent): Promise<Answer> =>
  new Promise((resolveAnswer, reject) => {
    const query = sent.query.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join("&")
    const url = new URL(server.url)
    const outgoing = request({
      host: url.hostname,
      port: url.port,
      method: sent.method,
      path: query === "" ? sent.path : `${sent.path}?${query}`,
      headers: { ...sent.headers, ...(sent.body === undefined ? {} : { "content-length": String(Buffer.byteLength(sent.body)) }) }
    }, (incoming) => {
      const chunks: Array<Buffer> = []
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk))
      incoming.on("end", () =>
        resolveAnswer({ status: incoming.statusCode ?? 0, type: incoming.headers["content-type"] ?? "", text: Buffer.concat(chunks).toString() }))
      incoming.on("error", reject)
    })
    outgoing.on("error", reject)
    outgoing.end(sent.body)
  })

const parsed = (answer: Answer): unknown => {
  try {
    return JSON.parse(answer.text)
  } catch {
    return undefined
  }
}

/** Upstreams this test leaves unconfigured may answer these, when the operation documents them. */
const upstreamStatuses = ["501", "502", "503"]

/** The media type the operation documents for `status`, when it documents one. */
const documentedType = (operation: Operation, status: number): string | undefined => {
  const response = operation.responses[String(status)] as { readonly content?: Readonly<Record<string, unknown>> } | undefined
  return Object.keys(response?.content ?? {})[0]
}

const describeExchange = (sent: Sent, answer: Answer) =>
  `${sent.method} ${sent.path} ${JSON.stringify(sent.query).slice(0, 200)} ${JSON.stringify(sent.body)?.slice(0, 200) ?? ""} → ${answer.status} ${answer.text.slice(0, 200)}`

const judge = (operation: Operation, sent: Sent, answer: Answer): void => {
  const what = describeExchange(sent, answer)
  if (answer.status >= 500) {
    expect(upstreamStatuses.filter((status) => status in operation.responses), what).toContain(String(answer.status))
  }
  // A page for people (the device approval link) documents its errors as HTML; every other error is JSON.
  if (answer.status >= 400 && !(documentedType(operation, answer.status) ?? "application/json").startsWith("text/html")) {
    expect(answer.type, what).toMatch(/^application\/json/)
    expect(parsed(answer), what).toMatchObject({ _tag: expect.any(String), message: expect.any(String) })
  }
}

/** Runs `property` with the fixed seed; its failure as one short line (the generated bodies can be 10 KB). */
const fuzz = async (name: string, property: fc.IAsyncProperty<[Sent]>, numRuns: number): Promise<string | undefined> => {
  const run = await fc.check(property, { seed, numRuns, endOnFailure: true })
  if (!run.failed) return undefined
  const error = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance)
  return `${name}: ${error.split("\n")[0]?.slice(0, 700)}`
}

const stillAnswers = async () => {
  const answer = await fetch(`${server.url}/v1/supported-chains?${new URLSearchParams(guard)}`)
  expect(answer.status).toBe(200)
}

describe("fuzzing every operation of /openapi.json", () => {
  it("covers the document", () => {
    expect(Object.keys(document.paths).length).toBeGreaterThan(40)
  })

  it("no generated request reaches a 500, every error is JSON with its tag, and the server answers afterwards", async () => {
    // Every operation is run before judging, so one report names every operation that fails.
    const failures: Array<string> = []
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        // A fresh session for each operation that takes one: an earlier revoke must not hide a handler.
        if ((operation.parameters ?? []).some((parameter) => parameter.in === "header")) accessToken = (await signIn(world)).grant.accessToken
        const failure = await fuzz(
          `${method.toUpperCase()} ${template}`,
          fc.asyncProperty(requestOf(template, method, operation), async (sent) => judge(operation, sent, await send(sent))),
          runsPerOperation
        )
        if (failure !== undefined) failures.push(failure)
      }
    }
    expect(failures).toEqual([])
    await stillAnswers()
  })
})

describe("fuzzing the chain RPC route", () => {
  const call = fc.record({
    jsonrpc: fc.oneof(fc.constant("2.0"), hostileJson),
    id: fc.oneof(fc.nat(), hostileJson),
    method: fc.oneof(fc.constantFrom("eth_chainId", "eth_getLogs", "getBalance", "eth_sign"), hostileText),
    params: fc.oneof(fc.constant([]), hostileJson)
  }, { requiredKeys: [] })
  const rpcRequest: fc.Arbitrary<Sent> = fc.record({
    chainId: fc.oneof(fc.constantFrom("eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"), hostileText),
    guard: guardPairs,
    body: fc.oneof(
      call.map((value) => JSON.stringify(value)),
      fc.array(call, { maxLength: 4 }).map((value) => JSON.stringify(value)),
      fc.constantFrom("", "{", "[", deepJson(1_000), "\u0000", "[]")
    ),
    post: fc.boolean()
  }).map(({ chainId, guard: pairs, body, post }) => ({
    method: post ? "POST" : "GET",
    path: "/v1/",
    query: [["chainId", chainId], ...pairs, ...(post ? [] : [["method", "eth_chainId"], ["params", body], ["id", "1"]] as const)],
    headers: post ? { "content-type": "application/json" } : {},
    ...(post ? { body } : {})
  }))

  it("answers JSON-RPC errors, never a 500", async () => {
    const failure = await fuzz("/v1/", fc.asyncProperty(rpcRequest, async (sent) => {
      const answer = await send(sent)
      const what = describeExchange(sent, answer)
      expect(answer.status, what).toBeLessThan(500)
      expect(answer.type, what).toMatch(/^application\/json/)
      const body = parsed(answer)
      // Refused before routing (headers too large): the server's own error shape.
      if (answer.status === 413 || answer.status === 431) {
        expect(body, what).toMatchObject({ _tag: expect.any(String), message: expect.any(String) })
        return
      }
      const errors = (Array.isArray(body) ? body : [body]).filter((entry) => typeof entry === "object" && entry !== null && "error" in entry)
      if (answer.status >= 400) expect(errors.length, what).toBeGreaterThan(0)
      for (const entry of errors) expect(entry, what).toMatchObject({ jsonrpc: "2.0", error: { code: expect.any(Number), message: expect.any(String) } })
    }), 4 * runsPerOperation)
    expect(failure).toBeUndefined()
    await stillAnswers()
  })
})
