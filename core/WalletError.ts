/**
 * Maps whatever a wallet or provider throws (an EIP-1193 `{ code, message }`, an `Error` with a
 * nested `cause`, WalletConnect's `data.originalError`, a bare string…) to one tagged error.
 *
 * Rules:
 * - The raw value is decoded with a Schema, never cast. Nested `cause`, `data.originalError` and
 *   `error` are searched too (outer first, depth 8, cycle-safe).
 * - The three provider messages win over codes (they carry an alert for the developer).
 * - Otherwise the first code the table knows decides the class (a wrapper's generic 5000 only if no
 *   more precise code sits inside), then any other integer code (UnknownWalletError keeps it).
 * - The message is the wallet's own when it gave one, else the code's name from the table.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type * as Alert from "./Alert.ts"
import { fixed } from "./FixedMessage.ts"
import * as RpcCode from "./RpcCode.ts"

const maxDepth = 8

const NumericCode = Schema.Union([
  Schema.Int,
  // Some wallets send the code as a decimal string ("4001").
  Schema.String.pipe(Schema.check(Schema.isPattern(/^-?\d{1,6}$/)))
])

const RawError = Schema.Struct({
  code: Schema.optional(Schema.Unknown),
  message: Schema.optional(Schema.Unknown),
  cause: Schema.optional(Schema.Unknown),
  error: Schema.optional(Schema.Unknown),
  data: Schema.optional(Schema.Unknown)
})

const RawData = Schema.Struct({ originalError: Schema.optional(Schema.Unknown) })

/** A hostile value (throwing getter, Proxy) must not make the mapping throw: it decodes to nothing. */
const guarded =
  <A>(decode: (input: unknown) => Option.Option<A>) =>
  (input: unknown): Option.Option<A> => {
    try {
      return decode(input)
    } catch {
      return Option.none()
    }
  }

const decodeRaw = guarded(Schema.decodeUnknownOption(RawError))
const decodeData = guarded(Schema.decodeUnknownOption(RawData))
const decodeCode = Schema.decodeUnknownOption(NumericCode)
const decodeMessage = Schema.decodeUnknownOption(Schema.NonEmptyString)

interface Node {
  readonly code: number | undefined
  readonly message: string | undefined
}

/** Flattens the raw error and its nested causes, outer first. */
const nodesOf = (raw: unknown): ReadonlyArray<Node> => {
  const nodes: Array<Node> = []
  const seen = new Set<unknown>()
  const queue: Array<{ readonly value: unknown; readonly depth: number }> = [{ value: raw, depth: 0 }]
  while (queue.length > 0) {
    const next = queue.shift()
    if (next === undefined || next.depth > maxDepth || seen.has(next.value)) continue
    seen.add(next.value)
    const text = decodeMessage(next.value)
    if (Option.isSome(text)) {
      nodes.push({ code: undefined, message: text.value })
      continue
    }
    const decoded = decodeRaw(next.value)
    if (Option.isNone(decoded)) continue
    const { cause, code, data, error, message } = decoded.value
    const numeric = Option.getOrUndefined(decodeCode(code))
    nodes.push({
      code: numeric === undefined ? undefined : Number(numeric),
      message: Option.getOrUndefined(decodeMessage(message))
    })
    const depth = next.depth + 1
    for (const child of [cause, error, Option.getOrUndefined(decodeData(data))?.originalError]) {
      if (child !== undefined) queue.push({ value: child, depth })
    }
  }
  return nodes
}

/** The three provider messages, matched anywhere in a message (providers prefix them). */
const providerMessages = [
  { text: "Unauthorized: origin not allowed", make: () => new OriginNotAllowedError() },
  { text: "JWT validation error: JWT Token is not yet valid", make: () => new JwtNotYetValidError() },
  { text: "Unauthorized: invalid key", make: () => new InvalidKeyError() }
] as const

const fromCode = (code: number, message: string | undefined): WalletError => {
  const entry = RpcCode.lookup(code)
  if (entry === undefined) return new UnknownWalletError({ code, message: message ?? `Wallet error ${code}` })
  const text = message ?? entry.name
  switch (entry.key) {
    case "UserRejectedRequest":
      return new UserRejectedRequestError({ code, message: text })
    case "Unauthorized":
      return new UnauthorizedError({ code, message: text })
    case "UnsupportedMethod":
      return new UnsupportedMethodError({ code, message: text })
    case "ProviderDisconnected":
      return new ProviderDisconnectedError({ code, message: text })
    case "ChainDisconnected":
      return new ChainDisconnectedError({ code, message: text })
    case "UnrecognizedChainId":
      return new UnrecognizedChainError({ code, message: text })
    default:
      return new RpcError({ code, codeName: entry.name, message: text })
  }
}

/** Maps a raw wallet/provider error to a tagged error. Total: never throws. */
export const fromProviderError = (raw: unknown): WalletError => {
  const nodes = nodesOf(raw)
  for (const node of nodes) {
    const known = providerMessages.find(({ text }) => node.message?.includes(text) === true)
    if (known !== undefined) return known.make()
  }
  const firstMessage = nodes.find((node) => node.message !== undefined)?.message
  const withCode = nodes.filter((node): node is Node & { readonly code: number } => node.code !== undefined)
  const precise = withCode.find(
    (node) => RpcCode.lookup(node.code) !== undefined && node.code !== RpcCode.table.Default.code
  )
  const chosen = precise ?? withCode.find((node) => node.code === RpcCode.table.Default.code) ?? withCode[0]
  if (chosen !== undefined) return fromCode(chosen.code, chosen.message ?? firstMessage)
  return new UnknownWalletError({ code: undefined, message: firstMessage ?? "Unknown wallet error" })
}

/** The developer-facing alert that goes with a provider error, if any. */
export const alertOf = (error: WalletError): Alert.Key | undefined => {
  switch (error._tag) {
    case "OriginNotAllowedError":
      return "InvalidAppConfiguration"
    case "InvalidKeyError":
      return "InvalidProjectId"
    case "JwtNotYetValidError":
      return "SessionExpired"
    default:
      return undefined
  }
}

export type WalletError =
  | UserRejectedRequestError
  | UnauthorizedError
  | UnsupportedMethodError
  | ProviderDisconnectedError
  | ChainDisconnectedError
  | UnrecognizedChainError
  | RpcError
  | UnknownWalletError
  | OriginNotAllowedError
  | JwtNotYetValidError
  | InvalidKeyError

const coded = { code: Schema.Int, message: Schema.String }

/** EIP-1193 4001. */
export class UserRejectedRequestError extends Schema.TaggedError<UserRejectedRequestError>()(
  "UserRejectedRequestError",
  coded
) {}

/** EIP-1193 4100. */
export class UnauthorizedError extends Schema.TaggedError<UnauthorizedError>()("UnauthorizedError", coded) {}

/** EIP-1193 4200. */
export class UnsupportedMethodError extends Schema.TaggedError<UnsupportedMethodError>()(
  "UnsupportedMethodError",
  coded
) {}

/** EIP-1193 4900. */
export class ProviderDisconnectedError extends Schema.TaggedError<ProviderDisconnectedError>()(
  "ProviderDisconnectedError",
  coded
) {}

/** EIP-1193 4901. */
export class ChainDisconnectedError extends Schema.TaggedError<ChainDisconnectedError>()(
  "ChainDisconnectedError",
  coded
) {}

/** EIP-1193 4902: the wallet does not know the chain (offer wallet_addEthereumChain). */
export class UnrecognizedChainError extends Schema.TaggedError<UnrecognizedChainError>()(
  "UnrecognizedChainError",
  coded
) {}

/** Any other code of the table: JSON-RPC/EIP-1474, EIP-5792, 5000 and 32603. */
export class RpcError extends Schema.TaggedError<RpcError>()("RpcError", {
  code: Schema.Int,
  codeName: Schema.String,
  message: Schema.String
}) {}

/** A code the table does not know, or no code at all. */
export class UnknownWalletError extends Schema.TaggedError<UnknownWalletError>()("UnknownWalletError", {
  code: Schema.UndefinedOr(Schema.Int),
  message: Schema.String
}) {}

/** Provider message: the site's origin is not on the project's allowlist. */
export class OriginNotAllowedError extends Schema.TaggedError<OriginNotAllowedError>()("OriginNotAllowedError", {
  message: fixed("Unauthorized: origin not allowed")
}) {}

/** Provider message: the device clock is behind the token's issue time. */
export class JwtNotYetValidError extends Schema.TaggedError<JwtNotYetValidError>()("JwtNotYetValidError", {
  message: fixed("JWT validation error: JWT Token is not yet valid")
}) {}

/** Provider message: the project id (key) is not valid. */
export class InvalidKeyError extends Schema.TaggedError<InvalidKeyError>()("InvalidKeyError", {
  message: fixed("Unauthorized: invalid key")
}) {}
