/**
 * Portico's chain RPC endpoint (spec §7 "Chain RPC"): `GET|POST /v1/?chainId={caip id}&projectId={id}`,
 * JSON-RPC 2.0, one request or a batch, forwarded to the node the host configured for that network.
 * Only reads and the broadcast of signed transactions pass (core/rpc/ForwardedMethods.ts), each within
 * what one call may cost the node (core/rpc/CallLimits.ts: eth_getLogs' block range, no program scans);
 * the project's origin allowlist and rate limit apply (ProjectGuardLive's admission), every call of a
 * batch costing a token; immutable answers are kept in a bounded cache. POST carries the JSON-RPC body; GET carries one call as `method`, `params` (JSON) and
 * `id` query parameters.
 *
 * A plain router route rather than an HttpApi endpoint, on purpose: JSON-RPC puts every outcome, errors
 * included, in a body whose shape depends on the request (an object or an array, answers matched by id,
 * one error per call of a batch), with JSON-RPC codes rather than HttpApi's typed HTTP errors, and HttpApi
 * would answer a malformed body with its own 400 before JSON-RPC could say -32700.
 */
import * as ByteSize from "effect/ByteSize"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpRouter from "effect/http/HttpRouter"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Caip from "../../core/Caip.ts"
import * as Constants from "../../core/Constants.ts"
import * as RpcCode from "../../core/RpcCode.ts"
import * as CallLimits from "../../core/rpc/CallLimits.ts"
import { destinationOf, type Destination } from "../../core/rpc/ForwardedMethods.ts"
import { isImmutable } from "../../core/rpc/ImmutableAnswer.ts"
import * as JsonRpc from "../../core/rpc/JsonRpc.ts"
import * as ChainRpcRoute from "../api/ChainRpcRoute.ts"
import { keyOf, makeChainRpcCache, type ChainRpcCache } from "./ChainRpcCache.ts"
import type { AccountAbstractionUpstream, AccountAbstractionUpstreams, Upstreams } from "./ChainRpcUpstreams.ts"
import { Metrics, type ServerMetrics } from "./Metrics.ts"
import { makeAdmission, makeCharge, projectIdOf } from "./ProjectGuardLive.ts"
import { RateLimits } from "./RateLimits.ts"
import type { Project } from "./Repository.ts"

export const path = ChainRpcRoute.path

/**
 * A full batch (spec §9: 1000 calls) with addresses and signed transactions outgrows the API's 64 KiB
 * body limit: this route reads up to 1 MiB.
 */
const maxBodySize = ByteSize.mebibytes(1)

const decodeRequest = Schema.decodeUnknownOption(JsonRpc.Request)
const UpstreamAnswers = Schema.Array(Schema.Struct({
  id: Schema.Number,
  result: Schema.optionalKey(Schema.Unknown),
  error: Schema.optionalKey(JsonRpc.ErrorObject)
}))
const decodeUpstream = Schema.decodeUnknownEffect(Schema.Union([UpstreamAnswers, Schema.Struct({ error: JsonRpc.ErrorObject })]))

const json = (body: unknown, status = 200) => HttpServerResponse.jsonUnsafe(body, { status })

/**
 * One call of the batch: already answered, or to forward to the node (the default), the bundler or the
 * sponsorship service. Notifications (no id) get no answer back.
 */
type Slot =
  | { readonly _tag: "Answered"; readonly notification: boolean; readonly response: JsonRpc.Response }
  | { readonly _tag: "Forward"; readonly notification: boolean; readonly request: JsonRpc.Request; readonly destination?: Exclude<Destination, "node"> }

/** A call as far as it can be judged without the chain's head: a slot, or a request whose cost needs the head. */
type Judged = Slot | { readonly _tag: "NeedsHead"; readonly notification: boolean; readonly request: JsonRpc.Request }

/** The slot of a decoded request the endpoint serves, under `verdict` (never NeedsHead here). */
const slotOfVerdict = (network: string, cache: ChainRpcCache, request: JsonRpc.Request, verdict: CallLimits.Verdict): Slot => {
  const id = request.id ?? null
  const notification = request.id === undefined
  if (verdict._tag === "Refuse") return { _tag: "Answered", notification, response: JsonRpc.error(id, verdict.key, verdict.message) }
  const cached = cache.get(keyOf(network, request.method, request.params))
  return cached === undefined
    ? { _tag: "Forward", notification, request }
    : { _tag: "Answered", notification, response: JsonRpc.result(id, cached) }
}

const judgeCall = (namespace: string, network: string, cache: ChainRpcCache, accountAbstraction: AccountAbstractionUpstream | undefined) => (raw: unknown): Judged => {
  const decoded = decodeRequest(raw)
  if (Option.isNone(decoded)) {
    return { _tag: "Answered", notification: false, response: JsonRpc.error(JsonRpc.idOf(raw), "InvalidRequest") }
  }
  const request = decoded.value
  const notification = request.id === undefined
  const verdict = CallLimits.judge(namespace, request.method, request.params)
  if (verdict._tag === "Refuse") return slotOfVerdict(network, cache, request, verdict)
  const destination = destinationOf(namespace, request.method)
  if (destination === undefined) {
    return { _tag: "Answered", notification, response: JsonRpc.error(request.id ?? null, "MethodNotSupported", `Method not supported: ${request.method}`) }
  }
  if (destination !== "node") {
    const url = destination === "bundler" ? accountAbstraction?.bundler : accountAbstraction?.paymaster
    const missing = destination === "bundler" ? "ERC-4337 bundler" : "ERC-7677 sponsorship service"
    return url === undefined
      ? { _tag: "Answered", notification, response: JsonRpc.error(request.id ?? null, "MethodNotSupported", `${request.method}: no ${missing} is configured for ${network}`) }
      : { _tag: "Forward", notification, request, destination }
  }
  return verdict._tag === "NeedsHead" ? { _tag: "NeedsHead", notification, request } : slotOfVerdict(network, cache, request, verdict)
}

/** The chain's head, when a call's cost depends on it; unknown (undefined) when the node cannot say. */
const headOf = (node: Node) =>
  Effect.map(forward(node, [{ jsonrpc: "2.0", id: 0, method: "eth_blockNumber" }]), ([answer]) =>
    typeof answer?.result === "string" && /^0x[0-9a-fA-F]{1,16}$/.test(answer.result) ? BigInt(answer.result) : undefined)

/** Every call judged with the head where it needs it; a head the node would not give refuses those calls. */
const settle = (namespace: string, network: string, cache: ChainRpcCache, node: Node, judged: ReadonlyArray<Judged>) =>
  Effect.gen(function*() {
    if (!judged.some((call) => call._tag === "NeedsHead")) return judged as ReadonlyArray<Slot>
    const head = yield* headOf(node)
    return judged.map((call): Slot => {
      if (call._tag !== "NeedsHead") return call
      const verdict: CallLimits.Verdict = head === undefined
        ? { _tag: "Refuse", key: "ResourceUnavailable", message: `${call.request.method}: the node did not say its latest block` }
        : CallLimits.judge(namespace, call.request.method, call.request.params, head)
      return slotOfVerdict(network, cache, call.request, verdict._tag === "NeedsHead" ? { _tag: "Pass" } : verdict)
    })
  })

type Answer = Omit<JsonRpc.Response, "jsonrpc" | "id">

/** The node (or bundler, or sponsorship service) a network's calls go to, and what to tell when it fails them (Metrics' upstream errors). */
interface Node {
  readonly url: string
  readonly name: string
  readonly failed: () => void
}

const isBatchAnswer = Schema.is(UpstreamAnswers)

/** POSTs a JSON-RPC body to the node within the RPC timeout; its answer's JSON, or "unreachable". */
const post = (node: Node, body: unknown): Effect.Effect<unknown, "unreachable"> =>
  Effect.tryPromise({
    try: async (signal): Promise<unknown> => {
      const response = await fetch(node.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.any([signal, AbortSignal.timeout(Constants.rpcTimeoutMillis)])
      })
      return response.json()
    },
    catch: () => "unreachable" as const
  })

/** Sends the calls to the node as one batch with our own ids (the visitor's may repeat), in the calls' order. */
const forward = (node: Node, requests: ReadonlyArray<JsonRpc.Request>): Effect.Effect<ReadonlyArray<Answer>> => {
  if (requests.length === 0) return Effect.succeed([])
  const unavailable = (message: string): ReadonlyArray<Answer> =>
    requests.map(() => ({ error: { code: RpcCode.table.ResourceUnavailable.code, message } }))
  return post(node, requests.map((request, index) => ({ jsonrpc: "2.0", id: index, method: request.method, params: request.params ?? [] }))).pipe(
    Effect.flatMap((body) => Effect.mapError(decodeUpstream(body), () => "unreadable")),
    Effect.map((answers): ReadonlyArray<Answer> => {
      // A node that refuses the whole batch answers one error object: it stands for every call.
      if (!isBatchAnswer(answers)) return requests.map(() => ({ error: answers.error }))
      const byId = new Map(answers.map((answer) => [answer.id, answer]))
      return requests.map((_, index) => {
        const answer = byId.get(index)
        if (answer === undefined) return { error: { code: RpcCode.table.ResourceUnavailable.code, message: "The node gave no answer" } }
        return answer.error === undefined ? { result: answer.result ?? null } : { error: answer.error }
      })
    }),
    Effect.catch((reason) => {
      node.failed()
      return Effect.succeed(unavailable(`The node is ${reason}`))
    })
  )
}

const decodeSingle = Schema.decodeUnknownEffect(Schema.Struct({ result: Schema.optionalKey(Schema.Unknown), error: Schema.optionalKey(JsonRpc.ErrorObject) }))

/**
 * Sends one call alone, as bundlers and sponsorship services are only required to take (no batches), with
 * our own id. Their errors (AA codes, a refused sponsorship) reach the visitor as they said them.
 */
const forwardOne = (node: Node, request: JsonRpc.Request): Effect.Effect<Answer> =>
  post(node, { jsonrpc: "2.0", id: 0, method: request.method, params: request.params ?? [] }).pipe(
    Effect.flatMap((body) => Effect.mapError(decodeSingle(body), () => "unreadable")),
    Effect.map((answer): Answer => (answer.error === undefined ? { result: answer.result ?? null } : { error: answer.error })),
    Effect.catch((reason) => {
      node.failed()
      return Effect.succeed<Answer>({ error: { code: RpcCode.table.ResourceUnavailable.code, message: `The ${node.name} is ${reason}` } })
    })
  )

const bodyOf = (request: HttpServerRequest.HttpServerRequest, search: URLSearchParams): Effect.Effect<unknown, "parse"> => {
  if (request.method === "POST") {
    return request.json.pipe(Effect.provideService(HttpIncomingMessage.MaxBodySize, maxBodySize), Effect.mapError(() => "parse" as const))
  }
  const method = search.get("method")
  const params = search.get("params")
  const id = search.get("id")
  return Effect.try({
    try: () => ({
      jsonrpc: "2.0",
      ...(method === null ? {} : { method }),
      ...(params === null ? {} : { params: JSON.parse(params) as unknown }),
      id: id === null ? null : /^\d+$/.test(id) ? Number(id) : id
    }),
    catch: () => "parse" as const
  })
}

const handle = (
  upstreams: Upstreams,
  accountAbstractionUpstreams: AccountAbstractionUpstreams,
  cache: ChainRpcCache,
  admit: (projectId: string, request: HttpServerRequest.HttpServerRequest) => Effect.Effect<Project, { readonly _tag: string; readonly message: string }>,
  charge: (project: Project, request: HttpServerRequest.HttpServerRequest, cost: number) => Effect.Effect<void, { readonly message: string }>,
  capacity: number,
  metrics: ServerMetrics
) => (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function*() {
    const search = new URL(request.url, "http://portico.invalid").searchParams
    const network = search.get("chainId") ?? ""
    const projectId = yield* projectIdOf
    if (projectId === "" || network === "") {
      return json(JsonRpc.error(null, "InvalidRequest", "chainId and projectId query parameters are required"), 400)
    }
    const admitted = yield* Effect.result(admit(projectId, request))
    if (Result.isFailure(admitted)) {
      const { _tag, message } = admitted.failure
      return _tag === "RateLimited"
        ? json(JsonRpc.error(null, "LimitExceeded", message), 429)
        : json(JsonRpc.error(null, "Unauthorized", message), _tag === "OriginNotAllowed" ? 403 : 401)
    }
    const upstream = upstreams.get(network)
    if (!Caip.isNetworkId(network) || upstream === undefined) {
      return json(JsonRpc.error(null, "InvalidChainId", `Unsupported chainId ${network}`), 400)
    }
    // Checked as a CAIP-2 id above.
    const { namespace } = yield* Effect.orDie(Caip.parseNetworkId(network))
    const body = yield* Effect.result(bodyOf(request, search))
    if (Result.isFailure(body)) return json(JsonRpc.error(null, "ParseError"))
    const batch = Array.isArray(body.success)
    const calls: ReadonlyArray<unknown> = Array.isArray(body.success) ? body.success : [body.success]
    if (batch && calls.length === 0) return json(JsonRpc.error(null, "InvalidRequest", "Empty batch"))
    if (calls.length > Constants.rpcBatchSize) {
      return json(JsonRpc.error(null, "LimitExceeded", `At most ${Constants.rpcBatchSize} calls per batch`))
    }
    // Every call costs a token, as if sent alone: a batch buys no more of the node than its calls would.
    if (calls.length > capacity) {
      return json(JsonRpc.error(null, "LimitExceeded", `A batch of ${calls.length} calls costs ${calls.length} requests; this project allows ${capacity} at most`))
    }
    const charged = yield* Effect.result(charge(admitted.success, request, calls.length - 1))
    if (Result.isFailure(charged)) {
      return json(JsonRpc.error(null, "LimitExceeded", `${charged.failure.message} (a batch costs one request per call: ${calls.length})`), 429)
    }
    const failed = () => metrics.upstreamFailed(network)
    const node: Node = { url: upstream, name: "node", failed }
    const accountAbstraction = accountAbstractionUpstreams.get(network)
    const slots = yield* settle(namespace, network, cache, node, calls.map(judgeCall(namespace, network, cache, accountAbstraction)))
    const toNode = slots.flatMap((slot) => (slot._tag === "Forward" && slot.destination === undefined ? [slot.request] : []))
    const [answers, elsewhere] = yield* Effect.all([
      forward(node, toNode),
      // judgeCall forwards a bundler or sponsorship call only where the network has that service.
      Effect.forEach(slots, (slot) => {
        if (slot._tag !== "Forward" || slot.destination === undefined) return Effect.succeed(undefined)
        const url = slot.destination === "bundler" ? accountAbstraction?.bundler : accountAbstraction?.paymaster
        return url === undefined ? Effect.succeed(undefined) : forwardOne({ url, name: slot.destination, failed }, slot.request)
      }, { concurrency: "unbounded" })
    ], { concurrency: "unbounded" })
    let next = 0
    const responses = slots.flatMap((slot, index) => {
      if (slot._tag === "Answered") return slot.notification ? [] : [slot.response]
      const answer = (slot.destination === undefined ? answers[next++] : elsewhere[index]) ?? {}
      const { method, params } = slot.request
      if (slot.destination === undefined && answer.error === undefined && isImmutable(method, params, answer.result)) {
        cache.set(keyOf(network, method, params), answer.result)
      }
      return slot.notification ? [] : [{ jsonrpc: "2.0" as const, id: slot.request.id ?? null, ...answer }]
    })
    if (responses.length === 0) return HttpServerResponse.empty({ status: 204 })
    return json(batch ? responses : responses[0])
  })

/** The endpoint's routes (GET and POST on /v1/), forwarding to `upstreams` and the account-abstraction services. */
export const layer = (upstreams: Upstreams, accountAbstraction: AccountAbstractionUpstreams = new Map()) =>
  Layer.unwrap(Effect.gen(function*() {
    const admit = yield* makeAdmission
    const charge = yield* makeCharge
    const limits = yield* RateLimits
    const handler = handle(upstreams, accountAbstraction, makeChainRpcCache(), admit, charge, limits.known.capacity, yield* Metrics)
    return HttpRouter.addAll([HttpRouter.route("GET", path, handler), HttpRouter.route("POST", path, handler)])
  }))
