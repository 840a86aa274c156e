/**
 * MetaMask's Multichain API transport in a page: MetaMask does not announce itself over CAIP-294; its
 * content script carries the Multichain API on a named stream of `window.postMessage`. A request goes to
 * the content script as `{ target: "metamask-contentscript", data: { name: "metamask-multichain-provider",
 * data: <JSON-RPC> } }` for the page's own origin; answers and notifications come back with the target
 * `metamask-inpage` on the same stream name. Only messages the page's own window posted, from its own
 * origin, with that target and stream name are read (a frame's, another window's or a script's synthetic
 * event are not), and the JSON-RPC inside is decoded as every wallet's is (MultichainChannel.ts). A script
 * of the page itself can post as the content script does (it holds the page's authority, as MetaMask's
 * content script trusts it too): request ids are random, so only one that watched the request can
 * answer it, and every answer is then checked as any wallet's is. Loaded when the visitor opens the
 * modal and MetaMask has announced itself (MetaMaskMultichain.ts).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as MultichainChannel from "./MultichainChannel.ts"

export const contentScriptTarget = "metamask-contentscript"
export const inpageTarget = "metamask-inpage"
export const streamName = "metamask-multichain-provider"

const Envelope = Schema.Struct({
  target: Schema.Literal(inpageTarget),
  data: Schema.Struct({ name: Schema.Literal(streamName), data: Schema.Unknown })
})
const decodeEnvelope = Schema.decodeUnknownOption(Envelope)

/** The exchange with MetaMask's content script through `page` (the window Portico runs in). */
export const channel = (page: Window, connectorId: string): MultichainChannel.Channel => {
  const origin = page.location.origin
  const exchange = MultichainChannel.make(connectorId, (request) =>
    page.postMessage({ target: contentScriptTarget, data: { name: streamName, data: request } }, origin))
  page.addEventListener("message", (event) => {
    // Posted by a window, not dispatched by a script (which could name any source and origin).
    if (!event.isTrusted || event.source !== page || event.origin !== origin) return
    Option.match(decodeEnvelope(event.data), { onNone: () => undefined, onSome: (envelope) => exchange.receive(envelope.data.data) })
  })
  return exchange.channel
}

/**
 * Whether this MetaMask offers the Multichain API: it answered `wallet_getSession`, which asks the
 * visitor nothing. MetaMask's protocol announces the API nowhere, so this one request (sent once the
 * visitor opened the modal, or a stored session is being restored) is how to know; a MetaMask without
 * it never answers (`walletQuietAnswerMillis`) and is left to its EIP-6963 and Wallet Standard entries.
 */
export const probe = (offered: MultichainChannel.Channel): Effect.Effect<boolean> =>
  offered.request("wallet_getSession", {}).pipe(Effect.as(true), Effect.orElseSucceed(() => false))

/** `probe` for discovery's callbacks. */
export const offers = (offered: MultichainChannel.Channel): Promise<boolean> => Effect.runPromise(probe(offered))
