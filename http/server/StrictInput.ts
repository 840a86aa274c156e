/**
 * Strict readings of query strings: an integer is decimal digits only (no `1e300`, `0x10`, `+1`, or
 * spaces) within a bound, and text never carries a NUL byte (Postgres refuses those, so one would
 * otherwise surface as a 500). Each refusal is a 400 naming the field.
 */
import * as Effect from "effect/Effect"
import { BadRequest } from "../api/ApiError.ts"

const digits = /^\d{1,15}$/

/** An integer in [min, max] written in decimal digits; `fallback` when absent. */
export const integer = (
  field: string,
  value: string | undefined,
  bounds: { readonly min: number; readonly max: number; readonly fallback: number }
): Effect.Effect<number, BadRequest> => {
  if (value === undefined) return Effect.succeed(bounds.fallback)
  const parsed = digits.test(value) ? Number(value) : Number.NaN
  return parsed >= bounds.min && parsed <= bounds.max
    ? Effect.succeed(parsed)
    : Effect.fail(new BadRequest({ message: `${field}: must be a whole number from ${bounds.min} to ${bounds.max}` }))
}

/** Text without a NUL byte; undefined stays undefined. */
export const text = (field: string, value: string | undefined): Effect.Effect<string | undefined, BadRequest> =>
  value !== undefined && value.includes("\u0000")
    ? Effect.fail(new BadRequest({ message: `${field}: must not contain a NUL character` }))
    : Effect.succeed(value)
