/**
 * The typed failures every Portico HTTP contract can answer with. Each carries its HTTP status on
 * the Schema (`httpApiStatus`), so the server encodes it and the derived clients decode it back into
 * the same class by status and tag.
 */
import * as Schema from "effect/Schema"

/** 400: malformed or missing input. The message names the field, e.g. `chainId: …`. */
export class BadRequest extends Schema.TaggedError<BadRequest>()(
  "BadRequest",
  { message: Schema.String },
  { httpApiStatus: 400 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 400
  }
}

/** 401: the projectId is unknown to this server (the client shows 'Invalid App Configuration'). */
export class InvalidProjectId extends Schema.TaggedError<InvalidProjectId>()(
  "InvalidProjectId",
  { message: Schema.String },
  { httpApiStatus: 401 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 401
  }
}

/** 401: a name registration whose signature does not verify for the claimed address. */
export class InvalidSignature extends Schema.TaggedError<InvalidSignature>()(
  "InvalidSignature",
  { message: Schema.String },
  { httpApiStatus: 401 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 401
  }
}

/** 403: the request's Origin is not on the project's allowlist. */
export class OriginNotAllowed extends Schema.TaggedError<OriginNotAllowed>()(
  "OriginNotAllowed",
  { message: Schema.String },
  { httpApiStatus: 403 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 403
  }
}

/** 404: the named resource (wallet, image, name) does not exist. */
export class NotFound extends Schema.TaggedError<NotFound>()(
  "NotFound",
  { message: Schema.String },
  { httpApiStatus: 404 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 404
  }
}

/** 409: a name already taken, or a signed registration message that was already used (replay). */
export class Conflict extends Schema.TaggedError<Conflict>()(
  "Conflict",
  { message: Schema.String },
  { httpApiStatus: 409 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 409
  }
}

/** 429: the project + client address exceeded its rate; `retryAfter` (seconds) mirrors the Retry-After header. */
export class RateLimited extends Schema.TaggedError<RateLimited>()(
  "RateLimited",
  { message: Schema.String, retryAfter: Schema.Number },
  { httpApiStatus: 429 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 429
  }
}

/** 501: the endpoint's contract exists, its feature is not served by this server yet. */
export class NotImplemented extends Schema.TaggedError<NotImplemented>()(
  "NotImplemented",
  { message: Schema.String },
  { httpApiStatus: 501 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 501
  }
}

/** 502: a chain RPC behind the server failed; the client may retry. */
export class UpstreamUnavailable extends Schema.TaggedError<UpstreamUnavailable>()(
  "UpstreamUnavailable",
  { message: Schema.String },
  { httpApiStatus: 502 }
) {
  /** The HTTP status (core/Retry.ts reads it to decide a retry), the same as the annotation above. */
  get status(): number {
    return 502
  }
}

/** Messages fixed by the spec's error catalogue (section 8, provider messages). */
export const messages = {
  originNotAllowed: "Unauthorized: origin not allowed",
  invalidKey: "Unauthorized: invalid key"
} as const
