/**
 * Connecting through WalletConnect and signing in with one approval (One-Click Auth): the sign-in fields the
 * connect was given become a `wc_sessionAuthenticate` payload on the configured EVM networks, the asked one
 * first, with a ReCap (ERC-5573) granting the session's EVM methods; what the wallet signed on the asked
 * network then travels with the connection like ERC-7846's message, to be checked (core/signin/ConnectSignIn.ts)
 * and verified by the sign-in provider.
 */
import * as Caip from "../Caip.ts"
import type * as Connector from "../Connector.ts"
import * as Recap from "../signin/Recap.ts"
import type { SignInTemplate } from "../signin/SignInMessage.ts"
import type * as Cacaos from "../walletconnect/Cacaos.ts"
import type * as Protocol from "../walletconnect/Protocol.ts"

/** The One-Click Auth to ask with the proposal, when the template's network is an EVM one on offer. */
export const payloadOf = (template: SignInTemplate, networks: ReadonlyArray<Caip.CaipNetworkId>, methods: ReadonlyArray<string>): Protocol.AuthPayload | undefined => {
  const evm = networks.filter((network) => Caip.namespaceOf(network) === "eip155")
  if (!evm.includes(template.chainId) || template.issuedAt === undefined) return undefined
  return {
    type: "caip122",
    chains: [template.chainId, ...evm.filter((network) => network !== template.chainId)],
    domain: template.domain,
    aud: template.uri,
    version: "1",
    nonce: template.nonce,
    iat: template.issuedAt,
    ...(template.expirationTime === undefined ? {} : { exp: template.expirationTime }),
    ...(template.notBefore === undefined ? {} : { nbf: template.notBefore }),
    ...(template.statement === undefined ? {} : { statement: template.statement }),
    ...(template.requestId === undefined ? {} : { requestId: template.requestId }),
    resources: [...(template.resources ?? []), Recap.encode(Recap.requests("eip155", methods))]
  }
}

/**
 * The connection with what its first account signed on the template's network; unchanged when the wallet
 * signed nothing there (it then signs in as a step of its own).
 */
export const withSignedIn = (
  connected: Connector.Connected,
  signed: ReadonlyArray<Cacaos.Checked> | undefined,
  asked: Protocol.AuthPayload
): Connector.Connected => {
  const [address] = connected.accounts
  const recap = asked.resources?.at(-1)
  // Signed on the network the template names (asked first), by the account the connection starts with.
  const mine = signed?.find((entry) =>
    Caip.networkIdOf(entry.account) === asked.chains[0] &&
    Caip.networkIdOf(entry.account) === connected.caipNetworkId &&
    entry.account.address.toLowerCase() === address?.toLowerCase())
  return mine === undefined || recap === undefined ? connected : { ...connected, signedIn: { message: mine.message, signature: mine.signature, recap } }
}
