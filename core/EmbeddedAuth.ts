/**
 * Embedded-wallet (email and social) auth is supported only on eip155 and solana (spec §5).
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"
import type { ChainNamespace } from "./Caip.ts"

export const EmbeddedAuthNamespace = Schema.Literals(["eip155", "solana"])
export type EmbeddedAuthNamespace = typeof EmbeddedAuthNamespace.Type

export const isSupported: (namespace: unknown) => namespace is EmbeddedAuthNamespace = Schema.is(EmbeddedAuthNamespace)

export const validate = (
  namespace: ChainNamespace | string
): Effect.Effect<EmbeddedAuthNamespace, EmbeddedAuthUnsupportedNamespaceError> =>
  isSupported(namespace)
    ? Effect.succeed(namespace)
    : Effect.fail(new EmbeddedAuthUnsupportedNamespaceError({ namespace }))

export class EmbeddedAuthUnsupportedNamespaceError extends Schema.TaggedError<EmbeddedAuthUnsupportedNamespaceError>()(
  "EmbeddedAuthUnsupportedNamespaceError",
  { message: fixed("Embedded wallet login is not supported on this chain"), namespace: Schema.String }
) {}
