/**
 * The host side of the Farcaster Mini Apps wire, as a Farcaster client speaks it to the mini app it frames
 * (what `@farcaster/miniapp-host`'s `exposeToIframe` serves): Comlink calls from the frame's window at the
 * mini app's origin only, each decoded before it is answered; `context`, `getCapabilities`, `ready` and
 * `ethProviderRequestV2` (a JSON-RPC request to the host's wallet, answered as a JSON-RPC response with
 * errors as values); the wallet's `accountsChanged` and `chainChanged` forwarded as `frameEthProviderEvent`.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { EvmEvent, EvmProvider } from "../wallets/EvmWallet.ts"

const Call = Schema.Struct({
  id: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(200)),
  type: Schema.Literals(["GET", "APPLY"]),
  path: Schema.Tuple([Schema.String]),
  argumentList: Schema.optionalKey(Schema.Array(Schema.Struct({ type: Schema.Literal("RAW"), value: Schema.Unknown })))
})
type Call = typeof Call.Type

const RpcRequest = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: Schema.Number,
  method: Schema.String.check(Schema.isNonEmpty()),
  params: Schema.optionalKey(Schema.Unknown)
})

const decodeCall = Schema.decodeUnknownOption(Call)
const decodeRequest = Schema.decodeUnknownSync(RpcRequest)

export const capabilities = ["wallet.getEthereumProvider", "actions.ready"] as const

export interface HostSideOptions {
  /** The frame holding the mini app, and the origin it was loaded from. */
  readonly frame: HTMLIFrameElement
  readonly miniAppOrigin: string
  /** What `sdk.context` answers: the signed-in user and this client. */
  readonly context: unknown
  readonly wallet: EvmProvider
  /** The mini app called `sdk.actions.ready()`: its splash screen may go. */
  readonly onReady: () => void
}

const errorOf = (cause: unknown): { readonly code: number; readonly message: string } => {
  const code = typeof cause === "object" && cause !== null ? (cause as { readonly code?: unknown }).code : undefined
  const message = cause instanceof Error ? cause.message : "The wallet failed"
  return { code: typeof code === "number" ? code : -32603, message }
}

/** Serves the mini app in `frame`; returns the function that stops. */
export const exposeHost = (window: Window, options: HostSideOptions): (() => void) => {
  const post = (message: unknown) => options.frame.contentWindow?.postMessage(message, options.miniAppOrigin)

  const walletRequest = async (raw: unknown) => {
    const request = decodeRequest(raw)
    try {
      const result = await options.wallet.request(request.params === undefined ? { method: request.method } : { method: request.method, params: request.params })
      return { jsonrpc: "2.0", id: request.id, result }
    } catch (cause) {
      return { jsonrpc: "2.0", id: request.id, error: errorOf(cause) }
    }
  }

  const answer = (call: Call): Promise<unknown> | unknown => {
    const [name] = call.path
    if (call.type === "GET") {
      if (name === "context") return options.context
      throw new Error(`Unsupported GET for ${name}`)
    }
    const args = (call.argumentList ?? []).map((argument) => argument.value)
    switch (name) {
      case "getCapabilities":
        return capabilities
      case "ready":
        return options.onReady()
      case "ethProviderRequestV2":
        return walletRequest(args[0])
      default:
        throw new Error(`Unsupported APPLY for ${name}`)
    }
  }

  const onMessage = (event: MessageEvent) => {
    if (event.source !== options.frame.contentWindow || event.origin !== options.miniAppOrigin) return
    const call = decodeCall(event.data)
    if (Option.isNone(call)) return
    const { id } = call.value
    Promise.resolve()
      .then(() => answer(call.value))
      .then(
        (value) => post({ id, type: "RAW", value }),
        (cause: unknown) => post({ id, type: "HANDLER", name: "throw", value: { isError: true, value: { name: "Error", message: errorOf(cause).message } } })
      )
  }
  window.addEventListener("message", onMessage)

  const forwarded: ReadonlyArray<EvmEvent> = ["accountsChanged", "chainChanged"]
  const listeners = forwarded.map((event) => [event, (payload: unknown) => post({ type: "frameEthProviderEvent", event, params: [payload] })] as const)
  for (const [event, listener] of listeners) options.wallet.on(event, listener)
  return () => {
    window.removeEventListener("message", onMessage)
    for (const [event, listener] of listeners) options.wallet.removeListener(event, listener)
  }
}
