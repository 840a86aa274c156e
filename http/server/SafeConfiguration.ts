/**
 * The configurations `startApiServer` refuses before it opens anything, each with an error naming the key
 * and the fix (never a secret's value):
 * - with the embedded wallet on, a project whose allowlist holds `*` (any page could frame the wallet and
 *   run its flows), unless `allowUnsafeLocalOrigins` says this is a server on this machine only;
 * - `allowUnsafeLocalOrigins` on a server reached on anything but loopback (`host`, `publicUrl`,
 *   `embedded.publicUrl`);
 * - the wallet's own origin (where its frame is served: `embedded.publicUrl`, `publicUrl`, the server's
 *   own `http://host:port`) admitted by a project's allowlist: the frame must live on an origin no host
 *   page shares, or the host page could script it;
 * - a missing, malformed or weak secret: `embedded.sessionKey` and `embedded.shareKey` (32 random bytes
 *   each, not the same), the social providers' client secrets, the onramp providers' keys, the SMTP
 *   password when `smtp.auth` is given, the sessions relayer's key (a secp256k1 key, not a made-up one).
 *   Nothing is ever invented in their place.
 */
import * as Schema from "effect/Schema"
import { isAllowed } from "../../core/OriginAllowlist.ts"
import { anyOrigin } from "./ProjectDirectory.ts"
import { defaults, type EmbeddedOptions, type OnrampOptions, type ServerOptions } from "./ServerOptions.ts"

/** How an operator makes a key: 32 random bytes, hex. */
const newKey = "openssl rand -hex 32"

/** A random 32-byte key has about 30 distinct byte values; one with fewer than this was not drawn at random. */
const minDistinctBytes = 16

const loopbackHosts = new Set(["localhost", "127.0.0.1", "::1", "[::1]"])

const isLoopbackHost = (host: string): boolean => loopbackHosts.has(host) || /^127(\.\d{1,3}){3}$/.test(host)

const isLoopbackUrl = (url: string): boolean => URL.canParse(url) && isLoopbackHost(new URL(url).hostname)

const originOf = (url: string | undefined): string | undefined => (url !== undefined && URL.canParse(url) ? new URL(url).origin : undefined)

/** The refusal of a key that is missing, malformed or not random; undefined when it is a good key. */
const keyProblem = (key: string, value: string | undefined): UnsafeConfigurationError | undefined => {
  if (value === undefined || value === "") return UnsafeConfigurationError.of(key, `${key} is missing: set it to 32 random bytes in hex (${newKey})`)
  if (!/^[0-9a-fA-F]{64}$/.test(value)) return UnsafeConfigurationError.of(key, `${key} must be 32 bytes as 64 hex digits: generate one with ${newKey}`)
  const distinct = new Set(value.toLowerCase().match(/../g)).size
  if (distinct < minDistinctBytes) return UnsafeConfigurationError.of(key, `${key} is not a random key (too few distinct bytes): generate one with ${newKey}`)
  return undefined
}

const present = (key: string, value: string | undefined, what: string): UnsafeConfigurationError | undefined =>
  value === undefined || value.trim() === "" ? UnsafeConfigurationError.of(key, `${key} is missing: set ${what}`) : undefined

const secretsProblems = (embedded: EmbeddedOptions): ReadonlyArray<UnsafeConfigurationError | undefined> => [
  keyProblem("embedded.sessionKey", embedded.sessionKey),
  keyProblem("embedded.shareKey", embedded.shareKey),
  embedded.shareKey !== undefined && embedded.shareKey.toLowerCase() === embedded.sessionKey?.toLowerCase()
    ? UnsafeConfigurationError.of("embedded.shareKey", `embedded.shareKey equals embedded.sessionKey: give each its own key (${newKey})`)
    : undefined,
  embedded.smtp.auth === undefined ? undefined : present("embedded.smtp.auth.pass", embedded.smtp.auth.pass, "the SMTP account's password, or drop smtp.auth"),
  ...Object.entries(embedded.social ?? {}).flatMap(([provider, client]) =>
    client === undefined ? [] : [present(`embedded.social.${provider}.clientSecret`, client.clientSecret, `the client secret ${provider} issued for this server`)]
  )
]

const onrampProblems = (onramp: OnrampOptions): ReadonlyArray<UnsafeConfigurationError | undefined> =>
  onramp.providers.flatMap((provider, index) => {
    const at = `onramp.providers.${index}`
    return provider.kind === "moonpay"
      ? [
        present(`${at}.secretKey`, provider.secretKey, "MoonPay's secret key (sk_…) from its dashboard"),
        present(`${at}.webhookKey`, provider.webhookKey, "MoonPay's webhook key from its dashboard")
      ]
      : [present(`${at}.keySecret`, provider.keySecret, "the CDP API key's secret")]
  })

/** secp256k1's order: a private key is a number from 1 to n - 1. */
const curveOrder = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141n

const relayerKeyProblem = (value: string): UnsafeConfigurationError | undefined => {
  const key = "sessions.relayerKey"
  if (!/^0x[0-9a-fA-F]{64}$/.test(value)) return UnsafeConfigurationError.of(key, `${key} must be a secp256k1 key, 0x and 64 hex digits: generate one with ${newKey} and fund its address`)
  const scalar = BigInt(value)
  if (scalar === 0n || scalar >= curveOrder) return UnsafeConfigurationError.of(key, `${key} is not a valid secp256k1 key: generate one with ${newKey}`)
  return new Set(value.slice(2).toLowerCase().match(/../g)).size < minDistinctBytes
    ? UnsafeConfigurationError.of(key, `${key} is not a random key (too few distinct bytes): generate one with ${newKey}`)
    : undefined
}

/** Where the wallet's frame is served: the origins of this server that visitors reach. */
const frameOrigins = (options: ServerOptions, embedded: EmbeddedOptions): ReadonlyArray<readonly [string, string]> => {
  const port = options.port ?? defaults.port
  const own = port === 0 ? undefined : originOf(`http://${options.host ?? defaults.host}:${port}`)
  const candidates: ReadonlyArray<readonly [string, string | undefined]> = [
    ["embedded.publicUrl", originOf(embedded.publicUrl)],
    ["publicUrl", originOf(options.publicUrl)],
    ["host and port", own]
  ]
  return candidates.flatMap(([key, origin]) => (origin === undefined ? [] : [[key, origin] as const]))
}

const originProblems = (options: ServerOptions, embedded: EmbeddedOptions): ReadonlyArray<UnsafeConfigurationError | undefined> => {
  const projects = Object.entries(options.projects ?? {})
  const local = options.allowUnsafeLocalOrigins === true
  const reachedOn = [
    ["host", isLoopbackHost(options.host ?? defaults.host)],
    ["publicUrl", options.publicUrl === undefined || isLoopbackUrl(options.publicUrl)],
    ["embedded.publicUrl", isLoopbackUrl(embedded.publicUrl)]
  ] as const
  const remote = reachedOn.find(([, loopback]) => !loopback)
  return [
    local && remote !== undefined
      ? UnsafeConfigurationError.of(
        "allowUnsafeLocalOrigins",
        `allowUnsafeLocalOrigins is only for a server on this machine, but ${remote[0]} is not loopback: list each project's origins and drop it`
      )
      : undefined,
    ...projects.flatMap(([projectId, project]) => {
      const key = `projects.${projectId}.allowedOrigins`
      const wildcard = !local && project.allowedOrigins.includes(anyOrigin)
        ? UnsafeConfigurationError.of(key, `${key} holds '*' while the embedded wallet is on, which cannot say which sites may embed the wallet: list the host's origins (https://app.example.com)`)
        : undefined
      const listed = project.allowedOrigins.filter((origin) => origin !== anyOrigin)
      const shared = frameOrigins(options, embedded).find(([, origin]) => isAllowed(listed, origin))
      return [
        wildcard,
        shared === undefined
          ? undefined
          : UnsafeConfigurationError.of(
            key,
            `${key} admits ${shared[1]}, the embedded wallet's own origin (${shared[0]}): serve the wallet on an origin no host page uses (https://wallet.example.com) and list only host pages`
          )
      ]
    })
  ]
}

/** Every reason `options` is unsafe to serve, first the one to fix first; none for a safe configuration. */
export const problems = (options: ServerOptions): ReadonlyArray<UnsafeConfigurationError> => {
  const embedded = options.embedded
  return [
    ...(embedded === undefined ? [] : [...secretsProblems(embedded), ...originProblems(options, embedded)]),
    ...(options.onramp === undefined ? [] : onrampProblems(options.onramp)),
    options.sessions === undefined ? undefined : relayerKeyProblem(options.sessions.relayerKey)
  ].filter((problem): problem is UnsafeConfigurationError => problem !== undefined)
}

/** Throws the first problem of `options`, if any. */
export const check = (options: ServerOptions): void => {
  const [first] = problems(options)
  if (first !== undefined) throw first
}

/** A configuration the server refuses to serve: `key` names the setting, `message` it and the fix. */
export class UnsafeConfigurationError extends Schema.TaggedError<UnsafeConfigurationError>()("UnsafeConfigurationError", {
  key: Schema.String,
  message: Schema.String
}) {
  static of(key: string, message: string): UnsafeConfigurationError {
    return new UnsafeConfigurationError({ key, message: `Unsafe configuration: ${message}` })
  }
}
