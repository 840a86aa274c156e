/**
 * The EVM demo wallet's ERC-7846 `wallet_connect`: one prompt that names the accounts, the network and,
 * when the site asks with the `signInWithEthereum` capability, the EIP-4361 message the wallet writes from
 * the site's fields (domain and URI default to the site's, issued-at to now). Approved, the site is
 * connected and the selected account's signature comes back with the accounts.
 */
import * as Schema from "effect/Schema"
import { hexToNumber, type LocalAccount } from "viem"
import { decodeParams, unrecognizedChain } from "./ProviderRpcError.ts"
import { signInText } from "./SignInText.ts"

const SignInParams = Schema.Struct({
  nonce: Schema.String,
  chainId: Schema.String.check(Schema.isPattern(/^0x[0-9a-fA-F]+$/)),
  version: Schema.optionalKey(Schema.String),
  scheme: Schema.optionalKey(Schema.String),
  domain: Schema.optionalKey(Schema.String),
  uri: Schema.optionalKey(Schema.String),
  statement: Schema.optionalKey(Schema.String),
  issuedAt: Schema.optionalKey(Schema.String),
  expirationTime: Schema.optionalKey(Schema.String),
  notBefore: Schema.optionalKey(Schema.String),
  requestId: Schema.optionalKey(Schema.String),
  resources: Schema.optionalKey(Schema.Array(Schema.String))
})

const ConnectParams = Schema.Tuple([Schema.Struct({
  version: Schema.String,
  capabilities: Schema.optionalKey(Schema.Struct({ signInWithEthereum: Schema.optionalKey(SignInParams) }))
})])

/** What the handler needs of the wallet. */
export interface ConnectingWallet {
  /** The page's origin. */
  readonly origin: string
  readonly signer: () => LocalAccount
  /** What a connected site sees: every account, the selected one first. */
  readonly exposed: () => ReadonlyArray<string>
  readonly knowsChain: (chainId: number) => boolean
  readonly network: () => string
  readonly consent: (title: string, details: ReadonlyArray<string>) => Promise<void>
  /** Remembers the site and tells it (connect, accountsChanged). */
  readonly grant: () => void
}

export const connectAndSignIn = async (wallet: ConnectingWallet, params: unknown) => {
  const [{ capabilities }] = decodeParams(ConnectParams, params)
  const fields = capabilities?.signInWithEthereum
  if (fields !== undefined && !wallet.knowsChain(hexToNumber(fields.chainId as `0x${string}`))) throw unrecognizedChain(fields.chainId)
  const signer = wallet.signer()
  const origin = new URL(wallet.origin)
  const message = fields === undefined ? undefined : signInText({
    ...fields,
    chainId: String(hexToNumber(fields.chainId as `0x${string}`)),
    version: fields.version ?? "1",
    uri: fields.uri ?? origin.origin,
    issuedAt: fields.issuedAt ?? new Date().toISOString()
  }, origin.host, signer.address, "Ethereum")
  await wallet.consent(message === undefined ? "Connect to this site" : "Connect and sign in", [
    ...wallet.exposed().map((address) => `Account: ${address}`),
    `Network: ${wallet.network()}`,
    ...(message === undefined ? [] : [`Message: ${message}`])
  ])
  wallet.grant()
  const signed = message === undefined ? undefined : { message, signature: await signer.signMessage({ message }) }
  return {
    accounts: wallet.exposed().map((address) => ({
      address,
      capabilities: signed !== undefined && address === signer.address ? { signInWithEthereum: signed } : {}
    }))
  }
}
