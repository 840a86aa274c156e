/**
 * The chains as the frame reaches them: this server's chain RPC endpoint (`/v1/?chainId&projectId`,
 * http/server/ChainRpc.ts) on the frame's own origin, so the page's policy needs no other origin and the
 * host's nodes are never named to it. One JSON-RPC call per request, its answer decoded; a node's error
 * answer (a revert, a nonce too low, funds short) keeps its code and message, for the dapp to read.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"
import * as Constants from "../../core/Constants.ts"
import * as JsonRpc from "../../core/rpc/JsonRpc.ts"
import * as ChainRpcRoute from "../../http/api/ChainRpcRoute.ts"
import * as Url from "../../http/api/Url.ts"

const decodeAnswer = Schema.decodeUnknownEffect(JsonRpc.Response)

export class ChainClient extends Context.Service<ChainClient, {
  readonly call: (chainId: string, method: string, params: ReadonlyArray<unknown>) => Effect.Effect<unknown, NodeError | ChainUnavailableError>
  /**
   * Whether `url` is this endpoint for `chainId` (its own origin, path and project; the network, when it
   * names one): the one ERC-7677 paymaster service URL the wallet accepts from a page.
   */
  readonly isOwnEndpoint: (url: string, chainId: string) => boolean
}>()("portico/frame/app/ChainClient") {
  static readonly layer = (options: { readonly origin: string; readonly projectId: string }) =>
    Layer.succeed(
      ChainClient,
      ChainClient.of({
        isOwnEndpoint: (url, chainId) => {
          if (!URL.canParse(url)) return false
          const parsed = new URL(url)
          const network = parsed.searchParams.get("chainId")
          return parsed.origin === new URL(options.origin).origin && parsed.pathname === ChainRpcRoute.path &&
            parsed.searchParams.get("projectId") === options.projectId && (network === null || network === chainId) &&
            parsed.username === "" && parsed.password === "" && parsed.hash === ""
        },
        call: (chainId, method, params) =>
          Effect.tryPromise({
            try: async (signal) => {
              const response = await fetch(Url.at(options.origin, ChainRpcRoute.path, {}, { chainId, projectId: options.projectId }), {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
                signal: AbortSignal.any([signal, AbortSignal.timeout(Constants.rpcTimeoutMillis)])
              })
              return (await response.json()) as unknown
            },
            catch: () => new ChainUnavailableError({ method })
          }).pipe(
            Effect.flatMap(decodeAnswer),
            Effect.mapError((error) => (error._tag === "SchemaError" ? new ChainUnavailableError({ method }) : error)),
            Effect.flatMap((answer) =>
              answer.error === undefined
                ? Effect.succeed(answer.result ?? null)
                : Effect.fail(new NodeError({ method, code: answer.error.code, message: answer.error.message, ...(answer.error.data === undefined ? {} : { data: answer.error.data }) }))
            )
          )
      })
    )
}

/** The node (or our endpoint in front of it) answered the call with a JSON-RPC error. */
export class NodeError extends Schema.TaggedError<NodeError>()("NodeError", {
  method: Schema.String,
  code: Schema.Number,
  message: Schema.String,
  data: Schema.optionalKey(Schema.Unknown)
}) {}

/** No JSON-RPC answer came: the server could not be reached, or answered something else. */
export class ChainUnavailableError extends Schema.TaggedError<ChainUnavailableError>()("ChainUnavailableError", {
  message: fixed("The network could not be reached"),
  method: Schema.String
}) {}
