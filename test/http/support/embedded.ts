/**
 * The embedded wallet's test world: the sandbox mail server, an API server sending mail through it,
 * a clock the tests move (codes, gates and sessions take their time from it), the derived client of
 * the `embedded` group, and readers of the mailbox (codes, approval links).
 */
import { randomBytes } from "node:crypto"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import { PorticoApi } from "../../../http/api/PorticoApi.ts"
import * as ServerTransport from "../../../http/client/ServerTransport.ts"
import type { EmbeddedOptions, ServerOptions } from "../../../http/server/ServerOptions.ts"
import { startApiServer, type ApiServer } from "../../../http/server/start.ts"
import { startMailServer, type MailServer } from "../../../sandbox/mail/MailServer.ts"
import type { MailMessage } from "../../../sandbox/mail/Mailbox.ts"
import { httpClientLayer } from "./client.ts"

export const projectId = "test-project"
/** Where the configuration says visitors reach the server: links must start with it, whatever the request's Host. */
export const publicUrl = "https://wallet.portico.test"
export const pageOrigin = "https://app.example.com"
/** The page of another project. */
export const otherPageOrigin = "https://other.example.com"

/** The system time plus an offset the test sets; sleeping stays real. */
export interface MovableClock {
  readonly clock: Clock.Clock
  readonly advance: (millis: number) => void
}

export const movableClock = (): MovableClock => {
  const system = Clock.Clock.defaultValue()
  let offset = 0
  const millis = () => system.currentTimeMillisUnsafe() + offset
  const nanos = () => system.currentTimeNanosUnsafe() + BigInt(offset) * 1_000_000n
  return {
    clock: {
      currentTimeMillisUnsafe: millis,
      currentTimeMillis: Effect.sync(millis),
      currentTimeNanosUnsafe: nanos,
      currentTimeNanos: Effect.sync(nanos),
      monotonicTimeNanosUnsafe: () => system.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: system.monotonicTimeNanos,
      sleep: (duration) => system.sleep(duration)
    },
    advance: (by) => {
      offset += by
    }
  }
}

export const randomKey = (): string => randomBytes(32).toString("hex")

export interface EmbeddedWorld {
  readonly api: ApiServer
  readonly mail: MailServer
  readonly time: MovableClock
  readonly options: EmbeddedOptions
  readonly stop: () => Promise<void>
}

/** `extra` overrides the server's options; `embedded` adds to the world's embedded options (social providers). */
export const startEmbeddedWorld = async (extra: Partial<ServerOptions> = {}, embedded: Partial<EmbeddedOptions> = {}): Promise<EmbeddedWorld> => {
  const mail = await startMailServer({ smtpPort: 0, pagePort: 0 })
  const time = movableClock()
  const options: EmbeddedOptions = {
    sessionKey: randomKey(),
    shareKey: randomKey(),
    smtp: { host: mail.smtpHost, port: mail.smtpPort, from: "Portico test <login@portico.test>" },
    publicUrl,
    ...embedded
  }
  const api = await startApiServer({
    port: 0,
    projects: { [projectId]: { allowedOrigins: [pageOrigin] }, "other-project": { allowedOrigins: [otherPageOrigin] } },
    embedded: options,
    // The tests stand behind a proxy that reports each visitor's own address (CallSetup.client).
    trustedProxies: ["127.0.0.1"],
    ...extra
  }, { clock: time.clock }).catch(async (error: unknown) => {
    await mail.stop()
    throw error
  })
  return {
    api,
    mail,
    time,
    options,
    stop: async () => {
      await api.stop()
      await mail.stop()
    }
  }
}

const embeddedGroup = (url: string, project: string) =>
  Effect.flatMap(
    ServerTransport.transport({ apiUrl: url, projectId: project, sdkVersion: "portico-test-0.1.0", retry: false }),
    (httpClient) => HttpApiClient.group(PorticoApi, { group: "embedded", httpClient, baseUrl: url })
  )

export type EmbeddedClient = Effect.Success<ReturnType<typeof embeddedGroup>>

/**
 * Where a call comes from: an Origin (the server's own, the frame's, by default) or none (`null`), and the
 * client's address the test world's proxy reports (`client`; a fresh one per call by default, as every
 * visitor has their own: limits per client apply to one address only).
 */
export interface CallSetup {
  readonly origin?: string | null
  readonly projectId?: string
  readonly client?: string
}

/** An address of the private 10/8 range, at random. */
export const randomClient = (): string => `10.${[...randomBytes(3)].join(".")}`

/** fetch with the call's Origin (unless none) and the client's address as the trusted proxy forwards it. */
const callLayer = (url: string, setup: CallSetup) =>
  Layer.effect(
    HttpClient.HttpClient,
    Effect.map(HttpClient.HttpClient, HttpClient.mapRequest(HttpClientRequest.setHeader("x-forwarded-for", setup.client ?? randomClient())))
  ).pipe(Layer.provide(httpClientLayer(setup.origin === null ? undefined : setup.origin ?? new URL(url).origin)))

/** Runs `use` with the `embedded` group's client, as the frame would: from the server's own origin unless told otherwise. */
export const withEmbedded = <A, E>(url: string, use: (client: EmbeddedClient) => Effect.Effect<A, E>, setup: CallSetup = {}): Promise<A> =>
  Effect.runPromise(Effect.flatMap(embeddedGroup(url, setup.projectId ?? projectId), use).pipe(Effect.provide(callLayer(url, setup))))

/** The failure of `use`, for asserting on typed errors. */
export const failureOf = <A, E>(url: string, use: (client: EmbeddedClient) => Effect.Effect<A, E>, setup: CallSetup = {}) =>
  withEmbedded(url, (client) => Effect.flip(use(client)), setup)

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` })

/** A fresh address per test: the 30 s gate is per address. */
export const newEmail = (label = "visitor"): string => `${label}.${randomBytes(6).toString("hex")}@example.com`
export const newDeviceId = (): string => randomBytes(16).toString("hex")

export const messagesTo = async (mail: MailServer, to: string): Promise<ReadonlyArray<MailMessage>> => {
  const response = await fetch(`${mail.url}/messages?to=${encodeURIComponent(to)}`)
  if (!response.ok) throw new Error(`mailbox answered ${response.status}`)
  return await response.json() as ReadonlyArray<MailMessage>
}

export const lastMessageTo = async (mail: MailServer, to: string): Promise<MailMessage> => {
  const messages = await messagesTo(mail, to)
  const last = messages.at(-1)
  if (last === undefined) throw new Error(`no mail to ${to}`)
  return last
}

export const codeIn = (message: MailMessage): string => {
  const code = /\b(\d{6})\b/.exec(message.text)?.[1]
  if (code === undefined) throw new Error(`no code in "${message.text}"`)
  return code
}

export const linkIn = (message: MailMessage): string => {
  const link = /https?:\/\/\S+/.exec(message.text)?.[0]
  if (link === undefined) throw new Error(`no link in "${message.text}"`)
  return link
}

/** Opens an approval link on the test server (same path and query, at the server's real address), as a mail scanner would: a GET. */
export const open = (api: ApiServer, link: string): Promise<Response> => {
  const url = new URL(link)
  return fetch(`${api.url}${url.pathname}${url.search}`)
}

/**
 * Follows an approval link as a person does: opens its page and presses its button, which posts the
 * token from the page's own origin. Answers the page the button led to (or the first page, when it had
 * no button).
 */
export const follow = async (api: ApiServer, link: string): Promise<Response> => {
  const page = await open(api, link)
  const token = /<input type="hidden" name="token" value="([^"]+)">/.exec(await page.clone().text())?.[1]
  if (token === undefined) return page
  const url = new URL(link)
  return fetch(`${api.url}${url.pathname}${url.search}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url.origin },
    body: new URLSearchParams({ token }).toString()
  })
}

/** A complete email login: connect (a new visitor or a verified device), the mailed code, the grant. */
export const signIn = async (world: EmbeddedWorld, email: string = newEmail(), deviceId: string = newDeviceId()) => {
  const started = await withEmbedded(world.api.url, (c) => c.emailConnect({ query: {}, payload: { email, deviceId, locale: "en" } }))
  if (started.action !== "VERIFY_OTP") throw new Error(`expected VERIFY_OTP, got ${started.action}`)
  const otp = codeIn(await lastMessageTo(world.mail, email))
  const grant = await withEmbedded(world.api.url, (c) => c.emailOtp({ query: {}, payload: { attemptId: started.attemptId, otp } }))
  return { email, deviceId, grant }
}
