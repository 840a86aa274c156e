import { getAddressDecoder, type ReadonlyUint8Array } from "@solana/kit"

/** The two SPL token programs whose account layouts the RPC parses (`jsonParsed`, token balances). */
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb"

export const isTokenProgram = (owner: string): boolean => owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM

const MINT_SIZE = 82
const ACCOUNT_SIZE = 165
// Token-2022 accounts with extensions carry their kind in the byte right after the base account layout.
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE_MINT = 1
const ACCOUNT_TYPE_ACCOUNT = 2

export interface TokenAccountLayout {
  readonly mint: string
  readonly owner: string
  readonly amount: bigint
  readonly delegate: string | null
  readonly state: "uninitialized" | "initialized" | "frozen"
  readonly isNative: bigint | null
  readonly delegatedAmount: bigint
  readonly closeAuthority: string | null
}

export interface MintLayout {
  readonly mintAuthority: string | null
  readonly supply: bigint
  readonly decimals: number
  readonly isInitialized: boolean
  readonly freezeAuthority: string | null
}

const addressAt = (data: ReadonlyUint8Array, offset: number): string => getAddressDecoder().decode(data.subarray(offset, offset + 32))
const view = (data: ReadonlyUint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength)
const optionalAddressAt = (data: ReadonlyUint8Array, offset: number): string | null =>
  view(data).getUint32(offset, true) === 1 ? addressAt(data, offset + 4) : null

const kindOf = (data: ReadonlyUint8Array): "mint" | "account" | null => {
  if (data.length === MINT_SIZE) return "mint"
  if (data.length === ACCOUNT_SIZE) return "account"
  if (data.length > ACCOUNT_SIZE) {
    if (data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_MINT) return "mint"
    if (data[ACCOUNT_TYPE_OFFSET] === ACCOUNT_TYPE_ACCOUNT) return "account"
  }
  return null
}

export const decodeTokenAccount = (owner: string, data: ReadonlyUint8Array): TokenAccountLayout | null => {
  if (!isTokenProgram(owner) || kindOf(data) !== "account") return null
  const dv = view(data)
  const stateByte = data[108]
  if (stateByte !== 1 && stateByte !== 2) return null
  return {
    mint: addressAt(data, 0),
    owner: addressAt(data, 32),
    amount: dv.getBigUint64(64, true),
    delegate: optionalAddressAt(data, 72),
    state: stateByte === 2 ? "frozen" : "initialized",
    isNative: dv.getUint32(109, true) === 1 ? dv.getBigUint64(113, true) : null,
    delegatedAmount: dv.getBigUint64(121, true),
    closeAuthority: optionalAddressAt(data, 129)
  }
}

export const decodeMint = (owner: string, data: ReadonlyUint8Array): MintLayout | null => {
  if (!isTokenProgram(owner) || kindOf(data) !== "mint") return null
  const dv = view(data)
  return {
    mintAuthority: optionalAddressAt(data, 0),
    supply: dv.getBigUint64(36, true),
    decimals: data[44] ?? 0,
    isInitialized: data[45] === 1,
    freezeAuthority: optionalAddressAt(data, 46)
  }
}

/** The RPC's `UiTokenAmount`: raw amount as a string plus the decimal forms. */
export interface UiTokenAmount {
  readonly amount: string
  readonly decimals: number
  readonly uiAmount: number
  readonly uiAmountString: string
}

export const uiTokenAmount = (amount: bigint, decimals: number): UiTokenAmount => {
  const digits = amount.toString().padStart(decimals + 1, "0")
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "")
  const uiAmountString = fraction === "" ? whole : `${whole}.${fraction}`
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}
