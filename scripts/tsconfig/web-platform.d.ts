/**
 * The web-platform globals that every runtime core/ runs in provides (browsers, workers, Node, edge
 * runtimes), which TypeScript's lib only declares together with the whole DOM. Only the core project
 * (tsconfig.core.json) reads this file, so anything else of the DOM stays a type error there.
 */
declare class URL {
  constructor(url: string, base?: string | URL)
  readonly href: string
  readonly origin: string
  readonly protocol: string
  readonly host: string
  readonly hostname: string
  readonly port: string
  readonly username: string
  readonly password: string
  readonly pathname: string
  readonly search: string
  readonly hash: string
  toString(): string
}
