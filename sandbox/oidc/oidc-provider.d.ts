/**
 * The part of oidc-provider (v9, which ships no types) the sandbox's OpenID provider uses, typed after
 * its documentation and source (node_modules/oidc-provider/lib/provider.js, lib/helpers/defaults.js).
 */
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http"

  export interface ClientMetadata {
    readonly client_id: string
    readonly client_secret: string
    readonly client_name?: string
    readonly redirect_uris: ReadonlyArray<string>
    readonly grant_types: ReadonlyArray<"authorization_code">
    readonly response_types: ReadonlyArray<"code">
    readonly token_endpoint_auth_method: "client_secret_post" | "client_secret_basic"
  }

  export interface Account {
    readonly accountId: string
    readonly claims: (use: string, scope: string) => Promise<{ readonly sub: string } & Readonly<Record<string, unknown>>>
  }

  export interface Grant {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: ReadonlyArray<string>): void
    save(): Promise<string>
  }

  export interface OidcContext {
    readonly client: { readonly clientId: string } | undefined
    readonly session: { readonly accountId: string | undefined } | undefined
    readonly result: { readonly login?: unknown; readonly consent?: { readonly grantId?: string } } | undefined
    readonly requestParamOIDCScopes: ReadonlySet<string>
    readonly requestParamClaims: ReadonlySet<string>
  }

  export interface Context {
    type: string
    body: unknown
    status: number
    readonly oidc: OidcContext
  }

  export namespace interactionPolicy {
    class Check {
      constructor(reason: string, description: string, check: (ctx: Context) => boolean)
      static readonly REQUEST_PROMPT: true
      static readonly NO_NEED_TO_PROMPT: false
    }
    interface Prompt {
      readonly name: string
      readonly checks: { add(check: Check): void }
    }
    interface Policy extends ReadonlyArray<Prompt> {
      get(name: string): Prompt | undefined
    }
    function base(): Policy
  }

  /** An interaction (the model): what it is about, and the browser's earlier session when it had one. */
  export interface InteractionDetails {
    readonly uid: string
    readonly prompt: { readonly name: string }
    readonly params: Readonly<Record<string, unknown>>
    /** Seconds since the epoch when the interaction expires. */
    readonly exp: number
    session: { readonly uid: string } | undefined
    save(ttlSeconds: number): Promise<string>
  }

  export type InteractionResult =
    | { readonly login: { readonly accountId: string; readonly remember?: boolean } }
    | { readonly error: string; readonly error_description?: string }

  export interface Configuration {
    readonly clients: ReadonlyArray<ClientMetadata>
    readonly jwks: { readonly keys: ReadonlyArray<Readonly<Record<string, unknown>>> }
    readonly cookies: { readonly keys: ReadonlyArray<string> }
    readonly scopes: ReadonlyArray<string>
    readonly claims: Readonly<Record<string, ReadonlyArray<string>>>
    readonly responseTypes: ReadonlyArray<string>
    readonly pkce: { readonly required: () => boolean }
    readonly features: Readonly<Record<string, { readonly enabled: boolean }>>
    readonly ttl: Readonly<Record<string, number>>
    readonly interactions: {
      readonly url: (ctx: Context, interaction: { readonly uid: string }) => Promise<string>
      readonly policy: interactionPolicy.Policy
    }
    readonly findAccount: (ctx: Context, sub: string) => Promise<Account | undefined>
    readonly loadExistingGrant: (ctx: Context) => Promise<Grant | undefined>
    readonly renderError: (ctx: Context, out: Readonly<Record<string, unknown>>, error: unknown) => Promise<void>
    readonly clientBasedCORS: () => boolean
    readonly adapter: Adapter
  }

  /** Makes the store of one model (sessions, interactions, codes, tokens…). */
  export type Adapter = (model: string) => unknown

  export class Provider {
    constructor(issuer: string, configuration: Configuration)
    readonly issuer: string
    readonly Grant: {
      new (properties: { readonly accountId: string; readonly clientId: string }): Grant
      find(id: string): Promise<Grant | undefined>
    }
    readonly Session: {
      findByUid(uid: string): Promise<{ destroy(): Promise<void> } | undefined>
    }
    callback(): (request: IncomingMessage, response: ServerResponse) => Promise<void>
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { readonly mergeWithLastSubmission?: boolean }
    ): Promise<void>
  }
}

declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  import type { Adapter } from "oidc-provider"

  /** The library's in-memory store, one per call (the default one is shared by every provider of the process). */
  export function createMemoryAdapter(clockTolerance?: number): Adapter
}
