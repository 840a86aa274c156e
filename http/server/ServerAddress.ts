/**
 * Where this server is reached: the URL it listens on (known once it is bound), its configured public
 * URL, and the origins of the pages it serves itself (the embedded wallet's frame).
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"

export class ServerAddress extends Context.Service<ServerAddress, {
  /** ServerOptions.publicUrl, without a trailing slash. */
  readonly publicUrl: string | undefined
  /** The URL the server listens on (known once it is bound). */
  readonly ownUrl: () => string
  /**
   * The origins of pages this server serves itself: the one it listens on, and those of `publicUrl` and
   * `embedded.publicUrl`. The project guard admits them like allowed origins.
   */
  readonly ownOrigins: () => ReadonlyArray<string>
}>()("portico/http/server/ServerAddress") {}

/**
 * The base URL of links in answers (registry images): the configured public URL when the server sits
 * behind a proxy, else the address it listens on. Never the request's Host header: a client could
 * otherwise make our answers (and anything caching them) point wherever it likes.
 */
export const requestBase = (address: ServerAddress["Service"]): Effect.Effect<string> => Effect.sync(() => address.publicUrl ?? address.ownUrl())
