/**
 * Why the relay refuses a request, each reason a tagged error with the JSON-RPC code it is answered
 * with. Methods fail with these; the socket layer turns them into error answers and keeps the socket open.
 */
import * as Schema from "effect/Schema"
import { ErrorCode } from "./RelayFrame.ts"

/** EIP-1474's "limit exceeded", the code our API server's JSON-RPC endpoint answers a rate limit with too. */
export const limitExceeded = -32005

/** The params do not have the method's shape. */
export class InvalidParamsError extends Schema.TaggedError<InvalidParamsError>()("InvalidParamsError", {
  message: Schema.String
}) {}

export class MethodNotFoundError extends Schema.TaggedError<MethodNotFoundError>()("MethodNotFoundError", {
  message: Schema.String
}) {}

/** The client published more than its share of the window. */
export class RateLimitedError extends Schema.TaggedError<RateLimitedError>()("RateLimitedError", {
  message: Schema.String,
  retryAfterSeconds: Schema.Number
}) {
  static of(retryAfterSeconds: number): RateLimitedError {
    return new RateLimitedError({ message: `Rate limit exceeded: retry in ${retryAfterSeconds} s`, retryAfterSeconds })
  }
}

/** The client listens to as many topics as it may. */
export class TooManySubscriptionsError extends Schema.TaggedError<TooManySubscriptionsError>()("TooManySubscriptionsError", {
  message: Schema.String,
  limit: Schema.Number
}) {
  static of(limit: number): TooManySubscriptionsError {
    return new TooManySubscriptionsError({ message: `Too many subscriptions: at most ${limit} topics per client`, limit })
  }
}

export class MessageTooLargeError extends Schema.TaggedError<MessageTooLargeError>()("MessageTooLargeError", {
  message: Schema.String,
  limit: Schema.Number,
  size: Schema.Number
}) {
  static of(size: number, limit: number): MessageTooLargeError {
    return new MessageTooLargeError({ message: `Message too large: ${size} bytes, at most ${limit}`, limit, size })
  }
}

/** The socket has more requests waiting for the store than it may. */
export class TooManyRequestsInFlightError extends Schema.TaggedError<TooManyRequestsInFlightError>()("TooManyRequestsInFlightError", {
  message: Schema.String
}) {}

/** The message store cannot be reached (a database outage): a passing condition, the client retries. */
export class StorageUnavailableError extends Schema.TaggedError<StorageUnavailableError>()("StorageUnavailableError", {
  message: Schema.String
}) {}

export type Refusal =
  | InvalidParamsError
  | MethodNotFoundError
  | RateLimitedError
  | TooManySubscriptionsError
  | MessageTooLargeError
  | TooManyRequestsInFlightError
  | StorageUnavailableError

/** The JSON-RPC error code each refusal is answered with. */
export const codeOf = (refusal: Refusal): number => {
  switch (refusal._tag) {
    case "InvalidParamsError":
    case "MessageTooLargeError":
      return ErrorCode.invalidParams
    case "MethodNotFoundError":
      return ErrorCode.methodNotFound
    case "RateLimitedError":
    case "TooManySubscriptionsError":
    case "TooManyRequestsInFlightError":
      return limitExceeded
    case "StorageUnavailableError":
      return ErrorCode.internalError
  }
}
