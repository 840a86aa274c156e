/** A client registered at one of the sandbox's identity providers (Portico's API server, one per social provider). */
export interface RegisteredClient {
  readonly clientId: string
  readonly clientSecret: string
  /** Shown on the sign-in page. */
  readonly name: string
  /** Compared exactly: a redirect_uri must equal one of these. */
  readonly redirectUris: ReadonlyArray<string>
}
