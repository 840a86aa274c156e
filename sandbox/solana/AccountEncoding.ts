import { getBase58Decoder, getBase64Decoder, type EncodedAccount, type ReadonlyUint8Array } from "@solana/kit"
import { decodeMint, decodeTokenAccount, TOKEN_2022_PROGRAM, uiTokenAmount } from "./TokenLayout.ts"

export type AccountEncoding = "binary" | "base58" | "base64" | "jsonParsed"

export interface DataSlice {
  readonly offset: number
  readonly length: number
}

// Rent collection is gone from mainnet: every account reports the "rent exempt" epoch, u64::MAX.
const RENT_EXEMPT_EPOCH = 18446744073709551615n
// The RPC refuses base58 for data larger than this (base58 is quadratic).
const MAX_BASE58_BYTES = 128

/** Encodes one account as the RPC's `UiAccount`; `decimalsOf` resolves a mint's decimals for parsed token accounts. */
export const encodeAccount = (
  account: EncodedAccount,
  encoding: AccountEncoding,
  dataSlice: DataSlice | undefined,
  decimalsOf: (mint: string) => number | null
) => {
  const base = {
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length
  }
  if (encoding === "jsonParsed") {
    const parsed = parseAccount(account, decimalsOf)
    if (parsed !== null) return { ...base, data: parsed }
  }
  const bytes = dataSlice === undefined ? account.data : account.data.slice(dataSlice.offset, dataSlice.offset + dataSlice.length)
  switch (encoding) {
    case "binary":
      return { ...base, data: encodeBase58(bytes) }
    case "base58":
      return { ...base, data: [encodeBase58(bytes), "base58"] }
    case "base64":
    case "jsonParsed":
      return { ...base, data: [getBase64Decoder().decode(bytes), "base64"] }
  }
}

const encodeBase58 = (bytes: ReadonlyUint8Array): string => {
  if (bytes.length > MAX_BASE58_BYTES) throw new Base58TooLarge()
  return getBase58Decoder().decode(bytes)
}

const parseAccount = (account: EncodedAccount, decimalsOf: (mint: string) => number | null) => {
  const program = account.programAddress === TOKEN_2022_PROGRAM ? "spl-token-2022" : "spl-token"
  const space = account.data.length
  const mint = decodeMint(account.programAddress, account.data)
  if (mint !== null) {
    const info = {
      decimals: mint.decimals,
      freezeAuthority: mint.freezeAuthority,
      isInitialized: mint.isInitialized,
      mintAuthority: mint.mintAuthority,
      supply: mint.supply.toString()
    }
    return { program, parsed: { info, type: "mint" }, space }
  }
  const token = decodeTokenAccount(account.programAddress, account.data)
  if (token === null) return null
  const decimals = decimalsOf(token.mint)
  if (decimals === null) return null
  const info = {
    isNative: token.isNative !== null,
    mint: token.mint,
    owner: token.owner,
    state: token.state,
    tokenAmount: uiTokenAmount(token.amount, decimals),
    ...(token.delegate === null
      ? {}
      : { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) }),
    ...(token.isNative === null ? {} : { rentExemptReserve: uiTokenAmount(token.isNative, decimals) }),
    ...(token.closeAuthority === null ? {} : { closeAuthority: token.closeAuthority })
  }
  return { program, parsed: { info, type: "account" }, space }
}

/** Raised when base58 is asked for data the RPC refuses to encode that way. */
export class Base58TooLarge extends Error {
  constructor() {
    super(`Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`)
  }
}
