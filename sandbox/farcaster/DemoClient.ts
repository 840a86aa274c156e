/**
 * The sandbox's Farcaster client (the app a visitor signs in with, as Warpcast is): one account, its fid
 * registered to a custody key in the IdRegistry stand-in. Given a Sign In With Farcaster link it shows the
 * request and, once approved, writes the SIWF message from the link's parameters, signs it with the custody
 * key and hands it to the relay, as a real client does through `/v1/channel/authenticate`.
 */
import { mnemonicToAccount } from "viem/accounts"
import * as SignInMessage from "../../core/signin/SignInMessage.ts"
import * as Siwf from "../../core/farcaster/SiwfMessage.ts"
import { demoMnemonic } from "../evm/DemoAccounts.ts"

/** Account 14 of the public mnemonic holds the demo fid (Hardhat unlocks 0 to 19; 9 to 11 are the sandbox's own). */
export const custodyIndex = 14

export interface FarcasterAccount {
  readonly fid: number
  readonly username: string
  readonly displayName: string
  readonly bio: string
  readonly pfpUrl: string
}

/** The demo account: an fid above the ones Farcaster's first users took, so it reads as a real one. */
export const demoFarcasterAccount: FarcasterAccount = {
  fid: 2_157_300,
  username: "portico-demo",
  displayName: "Portico Demo",
  bio: "The sandbox's Farcaster account",
  pfpUrl: ""
}

export const custodyAccount = mnemonicToAccount(demoMnemonic, { addressIndex: custodyIndex })

/** What a SIWF link asks for: its query parameters (FIP-11). */
export interface SiwfRequest {
  readonly channelToken: string
  readonly nonce: string
  readonly siweUri: string
  readonly domain: string
  readonly notBefore?: string
  readonly expirationTime?: string
  readonly requestId?: string
}

/** The request a link carries, or undefined when a required parameter is missing. */
export const requestOf = (query: URLSearchParams): SiwfRequest | undefined => {
  const given = (name: string): string | undefined => {
    const value = query.get(name)
    return value === null || value === "" ? undefined : value
  }
  const channelToken = given("channelToken")
  const nonce = given("nonce")
  const siweUri = given("siweUri")
  const domain = given("domain")
  if (channelToken === undefined || nonce === undefined || siweUri === undefined || domain === undefined) return undefined
  const optional = (name: "notBefore" | "expirationTime" | "requestId") => {
    const value = given(name)
    return value === undefined ? {} : { [name]: value }
  }
  return { channelToken, nonce, siweUri, domain, ...optional("notBefore"), ...optional("expirationTime"), ...optional("requestId") }
}

/** The SIWF message the client signs for a request, issued at `now`. */
export const messageFor = (request: SiwfRequest, custody: string, fid: number, now: Date): string =>
  SignInMessage.format({
    domain: request.domain,
    accountAddress: custody,
    statement: Siwf.statement,
    uri: request.siweUri,
    version: "1",
    chainId: Siwf.chainId,
    nonce: request.nonce,
    issuedAt: now.toISOString(),
    ...(request.expirationTime === undefined ? {} : { expirationTime: request.expirationTime }),
    ...(request.notBefore === undefined ? {} : { notBefore: request.notBefore }),
    ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
    resources: [`farcaster://fid/${fid}`]
  })

/** The body a client posts to `/v1/channel/authenticate` for `request`, signed by the demo custody key. */
export const approve = async (request: SiwfRequest, now: Date) => {
  const account = demoFarcasterAccount
  const message = messageFor(request, custodyAccount.address, account.fid, now)
  const signature = await custodyAccount.signMessage({ message })
  return {
    message,
    signature,
    fid: account.fid,
    username: account.username,
    displayName: account.displayName,
    bio: account.bio,
    pfpUrl: account.pfpUrl
  }
}
