/**
 * The base URL of links in answers (registry images): the configured public URL when the server sits
 * behind a proxy, else the address it listens on. Never the request's Host header: a client could
 * otherwise make our answers (and anything caching them) point wherever it likes.
 */
import * as Effect from "effect/Effect"
import type { ServerContext } from "./ServerContext.ts"

export const requestBase = (context: ServerContext["Service"]) => Effect.sync(() => context.publicUrl ?? context.ownUrl())
