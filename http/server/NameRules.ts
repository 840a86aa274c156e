/** Portico's own names: the zone they end with, and how old a signed registration may be. */
import * as Context from "effect/Context"

export class NameRules extends Context.Service<NameRules, {
  /** ServerOptions.nameZone, e.g. `.portico.id`. */
  readonly zone: string
  readonly registrationMaxAgeSeconds: number
}>()("portico/http/server/NameRules") {}
