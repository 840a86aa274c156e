/**
 * What a session's namespaces grant, and what a dapp keeps of a wallet's settlement. The Sign API lets a
 * wallet settle more than was proposed (its namespace rules 2.6 and 2.8: extra methods, events and
 * accounts on other chains), so the dapp does not refuse extensions — it narrows the settlement to what
 * it proposed: only proposed namespaces, only accounts on proposed chains, only proposed methods and
 * events. A wallet can never widen what the session lets either side do.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Caip from "../Caip.ts"
import type * as Protocol from "./Protocol.ts"

/** The chain of a CAIP-10 account; an account that is none names no chain (so it matches none). */
const chainOfAccount = (account: string): string =>
  Option.match(Effect.runSync(Effect.option(Caip.parseAddress(account))), { onNone: () => account, onSome: Caip.networkIdOf })

/** The chains a session namespace covers: named, or those of its accounts (`namespace:reference:address`). */
const chainsOf = (namespace: Protocol.SessionNamespace): ReadonlyArray<string> => namespace.chains ?? namespace.accounts.map(chainOfAccount)

/** Whether a session's namespaces grant `method` on `chainId`. */
export const allows = (namespaces: Protocol.SessionNamespaces, chainId: string, method: string): boolean =>
  Object.values(namespaces).some((namespace) => namespace.methods.includes(method) && chainsOf(namespace).includes(chainId))

/** Whether a session's namespaces carry the event `name` on `chainId`. */
export const carries = (namespaces: Protocol.SessionNamespaces, chainId: string, name: string): boolean =>
  Object.values(namespaces).some((namespace) => namespace.events.includes(name) && chainsOf(namespace).includes(chainId))

/** The chains a proposal namespace asks for; one keyed by a chain (`eip155:1`) asks for that chain. */
const askedChains = (key: string, asked: Protocol.ProposalNamespace): ReadonlyArray<string> => asked.chains ?? (Caip.isNetworkId(key) ? [key] : [])

/**
 * The settlement as far as it was proposed; the namespaces left without an account are dropped, and
 * nothing left at all (`undefined`) means the wallet settled nothing the dapp asked for.
 */
export const narrowToProposal = (proposed: Protocol.ProposalNamespaces, settled: Protocol.SessionNamespaces): Protocol.SessionNamespaces | undefined => {
  const kept = Object.entries(settled).flatMap(([key, namespace]) => {
    const asked = proposed[key]
    if (asked === undefined) return []
    const chains = askedChains(key, asked)
    const accounts = namespace.accounts.filter((account) => chains.includes(chainOfAccount(account)))
    if (accounts.length === 0) return []
    return [[key, {
      ...(namespace.chains === undefined ? {} : { chains: namespace.chains.filter((chain) => chains.includes(chain)) }),
      accounts,
      methods: namespace.methods.filter((method) => asked.methods.includes(method)),
      events: namespace.events.filter((event) => asked.events.includes(event))
    }] as const]
  })
  return kept.length === 0 ? undefined : Object.fromEntries(kept)
}
