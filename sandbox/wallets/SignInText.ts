/**
 * What a wallet offering Sign-In With Solana, or ERC-7846's Sign-In with Ethereum at connect, writes from
 * the dapp's fields before it signs: the EIP-4361 grammar with the chain's account line. The demo wallets
 * stand in for a third party's, so they write the text themselves rather than borrowing Portico's.
 */
export interface SignInFields {
  readonly domain?: string
  readonly address?: string
  readonly statement?: string
  readonly uri?: string
  readonly version?: string
  readonly chainId?: string
  readonly nonce?: string
  readonly issuedAt?: string
  readonly expirationTime?: string
  readonly notBefore?: string
  readonly requestId?: string
  readonly resources?: ReadonlyArray<string>
}

const tagged: ReadonlyArray<readonly [string, keyof SignInFields]> = [
  ["URI", "uri"],
  ["Version", "version"],
  ["Chain ID", "chainId"],
  ["Nonce", "nonce"],
  ["Issued At", "issuedAt"],
  ["Expiration Time", "expirationTime"],
  ["Not Before", "notBefore"],
  ["Request ID", "requestId"]
]

export const signInText = (fields: SignInFields, domain: string, address: string, chain: "Solana" | "Ethereum" = "Solana"): string => {
  const lines = [`${fields.domain ?? domain} wants you to sign in with your ${chain} account:`, fields.address ?? address, ""]
  if (fields.statement !== undefined) lines.push(fields.statement)
  lines.push("")
  for (const [label, key] of tagged) {
    const value = fields[key]
    if (typeof value === "string") lines.push(`${label}: ${value}`)
  }
  if (fields.resources !== undefined) lines.push("Resources:", ...fields.resources.map((resource) => `- ${resource}`))
  return lines.join("\n")
}
