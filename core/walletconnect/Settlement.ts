/**
 * What a dapp keeps of a wallet's `wc_sessionSettle`: an expiry in the future but no further ahead than
 * the protocol's session lifetime (a week, plus five minutes of clock skew) — a wallet cannot make a
 * session outlive what the protocol allows — and the namespaces narrowed to the proposal (Namespaces.ts);
 * a settlement with nothing proposed left is refused.
 */
import * as Namespaces from "./Namespaces.ts"
import * as Protocol from "./Protocol.ts"

export const maxAheadSeconds = Protocol.sessionLifetimeSeconds + 300

export const invalidParams: Protocol.Reason = { code: -32602, message: "Invalid params" }
/** The Sign API's 5100: none of the chains settled were proposed. */
export const unsupportedChains: Protocol.Reason = { code: 5100, message: "Unsupported chains" }

export type Outcome =
  | { readonly _tag: "Taken"; readonly namespaces: Protocol.SessionNamespaces }
  | { readonly _tag: "Refused"; readonly reason: Protocol.Reason }

export const take = (
  proposed: Protocol.ProposalNamespaces,
  settled: { readonly expiry: number; readonly namespaces: Protocol.SessionNamespaces },
  nowSeconds: number
): Outcome => {
  if (settled.expiry <= nowSeconds || settled.expiry > nowSeconds + maxAheadSeconds) return { _tag: "Refused", reason: invalidParams }
  const namespaces = Namespaces.narrowToProposal(proposed, settled.namespaces)
  return namespaces === undefined ? { _tag: "Refused", reason: unsupportedChains } : { _tag: "Taken", namespaces }
}
