/**
 * Finding MetaMask's Multichain API in Chromium: only a wallet announcing MetaMask's rdns is asked, once,
 * with `wallet_getSession` on MetaMask's stream; it is restorable at once and listed (under the name and
 * icon of its announcement) only once it answered; one that does not answer stays unlisted.
 */
import { afterEach, describe, expect, it } from "vitest"
import type * as Connector from "../../../core/Connector.ts"
import * as MetaMaskMultichain from "../../../core/connectors/MetaMaskMultichain.ts"

const icon = "data:image/png;base64,iVBORw0KGgo="

let stops: Array<() => void> = []
afterEach(() => {
  stops.forEach((stop) => stop())
  stops = []
})

const listen = (type: string, listener: (event: Event) => void) => {
  window.addEventListener(type, listener)
  stops.push(() => window.removeEventListener(type, listener))
}

/** A wallet's EIP-6963 announcement (at once and on every request) and its content script on MetaMask's stream. */
const wallet = (rdns: string, answers: "session" | "error" | "nothing") => {
  const asked: Array<string> = []
  const detail = { info: { uuid: crypto.randomUUID(), name: "Fox", icon, rdns }, provider: { request: async () => null } }
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  listen("eip6963:requestProvider", announce)
  announce()
  listen("message", (event) => {
    const message = (event as MessageEvent).data as { readonly target?: unknown; readonly data?: { readonly name?: unknown; readonly data?: { readonly id: number; readonly method: string } } }
    const request = message?.target === "metamask-contentscript" && message.data?.name === "metamask-multichain-provider" ? message.data.data : undefined
    if (request === undefined) return
    asked.push(request.method)
    const answer = answers === "session" ? { result: { sessionScopes: {} } } : { error: { code: -32601, message: "The method does not exist / is not available." } }
    if (answers !== "nothing") {
      window.postMessage({ target: "metamask-inpage", data: { name: "metamask-multichain-provider", data: { jsonrpc: "2.0", id: request.id, ...answer } } }, location.origin)
    }
  })
  return asked
}

const watch = () => {
  const seen: Array<{ readonly listed: ReadonlyArray<Connector.ConnectorClient>; readonly unconfirmed: ReadonlyArray<Connector.ConnectorClient> }> = []
  stops.push(MetaMaskMultichain.watch(["eip155:1"])((listed, unconfirmed = []) => void seen.push({ listed, unconfirmed })))
  return seen
}

describe("MetaMask's Multichain API, found", () => {
  it("asks MetaMask once, restorable at once and listed under its announcement once it answered", async () => {
    const asked = wallet("io.metamask", "session")
    expect(asked).toEqual([])
    const seen = watch()
    expect(seen[0]?.listed).toEqual([])
    expect(seen[0]?.unconfirmed.map((client) => client.connector.id)).toEqual(["multichain:io.metamask"])
    await expect.poll(() => seen.at(-1)?.listed.map((client) => client.connector)).toEqual([
      expect.objectContaining({ id: "multichain:io.metamask", name: "Fox", imageUrl: icon, type: "MULTI_CHAIN", info: { rdns: "io.metamask" } })
    ])
    expect(asked).toEqual(["wallet_getSession"])
  })

  it.each(["nothing", "error"] as const)("takes no other wallet for MetaMask, and lists no MetaMask that answers %s", async (answers) => {
    wallet("io.rabby", "nothing")
    const seen = watch()
    expect(seen).toEqual([])
    const asked = wallet("io.metamask.flask", answers)
    await expect.poll(() => asked).toEqual(["wallet_getSession"])
    // Time for an answer to be taken: a listing would come within it (none may come at all).
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(seen.map((change) => change.listed)).toEqual([[]])
    expect(seen[0]?.unconfirmed.map((client) => client.connector.id)).toEqual(["multichain:io.metamask.flask"])
  })
})
