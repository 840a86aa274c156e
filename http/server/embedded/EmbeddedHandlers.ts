/**
 * The embedded wallet's endpoints (http/api/EmbeddedApi.ts) over EmailLogin, Visitors and Shares. Those
 * services exist only when `ServerOptions.embedded` is set; without it every endpoint answers 501.
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { NotFound, NotImplemented } from "../../api/ApiError.ts"
import { Email, type EmbeddedVisitor } from "../../api/EmbeddedApi.ts"
import { PorticoApi } from "../../api/PorticoApi.ts"
import { CurrentProject } from "../../api/ProjectGuard.ts"
import { localeOf } from "../AcceptLanguage.ts"
import * as ClientAddress from "../ClientAddress.ts"
import { ServerAddress } from "../ServerAddress.ts"
import * as ApprovalPage from "./ApprovalPage.ts"
import { isWalletPage } from "./WalletOriginGuardLive.ts"
import { EmailLogin } from "./EmailLogin.ts"
import { Shares } from "./Shares.ts"
import { type Session, Visitors } from "./Visitors.ts"

const notConfigured = new NotImplemented({ message: "The embedded wallet is not configured on this server (ServerOptions.embedded)" })

const isEmail = Schema.is(Email)

const noShares = () => new NotFound({ message: "shares: this account has no key shares yet" })

/** Runs `use` with the id of the project the guard admitted the call for. */
const inProject = <A, E, R>(use: (projectId: string) => Effect.Effect<A, E, R>) => Effect.flatMap(Effect.service(CurrentProject), (project) => use(project.projectId))

/** The three services, or none when the embedded wallet is not configured. */
const services = Effect.map(
  Effect.all([Effect.serviceOption(Visitors), Effect.serviceOption(EmailLogin), Effect.serviceOption(Shares)]),
  (found) => Option.map(Option.all(found), ([visitors, login, shares]) => ({ visitors, login, shares }))
)

export const EmbeddedHandlers = HttpApiBuilder.group(PorticoApi, "embedded", (handlers) =>
  Effect.gen(function*() {
    const found = yield* services
    if (Option.isNone(found)) {
      const refuse = () => Effect.fail(notConfigured)
      return handlers.handle("emailConnect", refuse).handle("emailDevice", refuse).handle("emailOtp", refuse).handle("emailUpdate", refuse)
        .handle("emailUpdatePrimary", refuse).handle("emailUpdateSecondary", refuse).handle("sessionRefresh", refuse)
        .handle("sessionRevoke", refuse).handle("user", refuse).handle("putShares", refuse).handle("authShare", refuse)
        .handle("recoveryShare", refuse).handle("shareNonce", refuse).handle("sessionRevokeAll", refuse)
    }
    const { login, shares, visitors } = found.value
    const trustedProxies = yield* ClientAddress.TrustedProxies
    /** Who makes the call, as rate limits key it (an IPv6 client by its /64). */
    const client = Effect.map(HttpServerRequest.HttpServerRequest, (request) => ClientAddress.of(request, trustedProxies))
    /** Runs `use` with the session the call's `Authorization` header names in its project; 401 without one. */
    const withSession = <A, E, R>(
      request: { readonly headers: { readonly authorization?: string } },
      use: (session: Session) => Effect.Effect<A, E, R>
    ) => inProject((projectId) => Effect.flatMap(visitors.authenticate(projectId, request.headers.authorization), use))
    return handlers
      .handle("emailConnect", ({ payload }) => inProject((projectId) => login.connect(projectId, payload)))
      .handle("emailDevice", ({ payload }) => inProject((projectId) => login.awaitDevice(projectId, payload.attemptId)))
      .handle("emailOtp", ({ payload }) =>
        Effect.flatMap(client, (from) => inProject((projectId) => login.verifyOtp(projectId, payload.attemptId, payload.otp, from))))
      .handle("emailUpdate", (request) => withSession(request, (s) => login.startUpdate(s, request.payload.email, request.payload.locale)))
      .handle("emailUpdatePrimary", (request) =>
        withSession(request, (s) => Effect.flatMap(client, (from) => login.verifyPrimary(s, request.payload.attemptId, request.payload.otp, from))))
      .handle("emailUpdateSecondary", (request) =>
        withSession(request, (s) => Effect.flatMap(client, (from) => login.verifySecondary(s, request.payload.attemptId, request.payload.otp, from))))
      .handle("sessionRefresh", ({ payload }) => inProject((projectId) => visitors.refresh(projectId, payload.refreshToken)))
      .handle("sessionRevoke", (request) => withSession(request, (s) => Effect.as(visitors.revoke(s), { revoked: true })))
      .handle("sessionRevokeAll", (request) => withSession(request, (s) => Effect.as(visitors.revokeAll(s), { revoked: true })))
      .handle("user", (request) =>
        withSession(request, (s) =>
          Effect.gen(function*() {
            const visitor = yield* visitors.find(s.visitorId)
            if (visitor === undefined) return yield* Effect.die(new Error("embedded_visitors: a live session's visitor is gone"))
            const addresses = yield* shares.addresses(s.visitorId)
            const email = visitor.email ?? visitor.socialEmail
            const user: EmbeddedVisitor = {
              visitorId: visitor.id,
              ...(email !== undefined && isEmail(email) ? { email } : {}),
              ...(visitor.socialProvider === undefined ? {} : { socialProvider: visitor.socialProvider }),
              ...(visitor.userName === undefined ? {} : { userName: visitor.userName.slice(0, 200) }),
              ...(addresses === undefined ? {} : { addresses })
            }
            return user
          })))
      .handle("putShares", (request) =>
        withSession(request, (s) => Effect.map(shares.put(s, request.payload), (stored) => ({ stored }))))
      .handle("shareNonce", (request) => withSession(request, shares.nonce))
      .handle("authShare", (request) =>
        withSession(request, (s) =>
          Effect.flatMap(shares.authShare(s.visitorId), (authShare) => authShare === undefined ? Effect.fail(noShares()) : Effect.succeed({ authShare }))))
      .handle("recoveryShare", (request) =>
        withSession(request, (s) => Effect.flatMap(shares.recoveryShare(s.visitorId), (recovery) => recovery === undefined ? Effect.fail(noShares()) : Effect.succeed(recovery))))
  }))

export const EmbeddedApprovalHandlers = HttpApiBuilder.group(PorticoApi, "embeddedApproval", (handlers) =>
  Effect.gen(function*() {
    const login = yield* Effect.serviceOption(EmailLogin)
    const address = yield* ServerAddress
    if (Option.isNone(login)) {
      return handlers.handle("deviceApprovalPage", () => Effect.fail(notConfigured)).handle("approveDevice", () => Effect.fail(notConfigured))
    }
    return handlers
      .handle("deviceApprovalPage", ({ query, request }) =>
        Effect.map(login.value.deviceApproval(query.token), ({ locale, state }) =>
          ApprovalPage.render(state, locale ?? localeOf(request.headers["accept-language"]), query.token)))
      .handle("approveDevice", ({ payload, request }) =>
        Effect.gen(function*() {
          // Without an attempt (a form elsewhere, a spent link) the page speaks the browser's language.
          const browserLocale = localeOf(request.headers["accept-language"])
          // The page's own button posts from the page's origin: a form on another site approves nothing.
          if (!isWalletPage(request.headers, address.ownOrigins())) return ApprovalPage.render("forbidden", browserLocale)
          const { locale, outcome } = yield* login.value.approveDevice(payload.token)
          return ApprovalPage.render(outcome, locale ?? browserLocale)
        }))
  }))
