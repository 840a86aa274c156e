/**
 * The demo WalletConnect wallet's One-Click Auth: a dapp's `wc_sessionAuthenticate` shown as the messages it
 * would sign (one per sandbox chain asked, the asked one first), with one Approve that signs them all with the
 * demo key and connects. Switched off, the wallet behaves as one without One-Click Auth: it ignores the request
 * and the proposal sent alongside is shown instead (so the dapp's fallback can be tried).
 */
import type { Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import * as Cacaos from "../../core/walletconnect/Cacaos.ts"
import type * as Protocol from "../../core/walletconnect/Protocol.ts"
import type * as SignClient from "../../core/walletconnect/SignClient.ts"

/** A sign-in request as the page shows it. */
export interface SignInView {
  readonly id: number
  readonly name: string
  readonly url: string
  /** The texts Approve signs, in words, one per chain. */
  readonly messages: ReadonlyArray<string>
}

export interface SignInRequests {
  readonly views: () => ReadonlyArray<SignInView>
  /** Whether the wallet answers One-Click Auth (on by default). */
  readonly enabled: () => boolean
  readonly setEnabled: (on: boolean) => void
  /** Takes a request (true), or leaves it unanswered when switched off or nothing the wallet has was asked (false). */
  readonly take: (request: SignClient.AuthRequest) => boolean
  /** Whether a sign-in request came over `pairingTopic`: its proposal is then not shown. */
  readonly onPairing: (pairingTopic: string) => boolean
  readonly approve: (id: number) => Promise<{ readonly name: string; readonly returnTo: string | undefined }>
  readonly reject: (id: number) => Promise<string>
}

const userRejected = { code: 5000, message: "User rejected." }

export const make = (options: {
  readonly client: SignClient.SignClient
  readonly privateKey: Hex
  readonly chainIds: ReadonlyArray<number>
}): SignInRequests => {
  const signer = privateKeyToAccount(options.privateKey)
  const requests = new Map<number, { readonly request: SignClient.AuthRequest; readonly view: SignInView; readonly signables: ReadonlyArray<ReturnType<typeof Cacaos.signable>> }>()
  const pairings = new Set<string>()
  let on = true

  const take = (id: number) => {
    const entry = requests.get(id)
    if (entry === undefined) throw new Error("No such sign-in request")
    requests.delete(id)
    return entry
  }

  return {
    views: () => [...requests.values()].map((entry) => entry.view),
    enabled: () => on,
    setEnabled: (value) => {
      on = value
    },
    take: (request) => {
      const payload: Protocol.AuthPayload = request.params.authPayload
      const chains = payload.chains.filter((chain) => options.chainIds.some((id) => chain === `eip155:${id}`))
      if (!on || chains.length === 0) return false
      const signables = chains.map((chain) =>
        Cacaos.signable(payload, { namespace: "eip155", reference: chain.slice("eip155:".length), address: signer.address }))
      const { metadata } = request.params.requester
      requests.set(request.id, { request, signables, view: { id: request.id, name: metadata.name, url: metadata.url, messages: signables.map((entry) => entry.message) } })
      pairings.add(request.pairingTopic)
      return true
    },
    onPairing: (pairingTopic) => on && pairings.has(pairingTopic),
    approve: async (id) => {
      const { request, signables } = take(id)
      const cacaos: Array<Protocol.Cacao> = []
      for (const { payload, message } of signables) {
        cacaos.push({ h: { t: "caip122" }, p: payload, s: { t: "eip191", s: await signer.signMessage({ message }) } })
      }
      await options.client.approveAuthenticate(id, cacaos)
      const { metadata } = request.params.requester
      const back = metadata.redirect?.universal
      // As with a proposal: only a web link is followed back.
      return { name: metadata.name, returnTo: back !== undefined && /^https?:\/\//.test(back) ? back : undefined }
    },
    reject: async (id) => {
      const { request } = take(id)
      await options.client.rejectAuthenticate(id, userRejected)
      return request.params.requester.metadata.name
    }
  }
}
