/**
 * The host's configuration as a service, so that every feature reads the same resolved values
 * (networks, embedded mode, basic mode, features) from its context instead of being handed them.
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import * as Config from "./Config.ts"

export class HostConfig extends Context.Service<HostConfig, Config.ResolvedConfig>()("portico/core/HostConfig") {
  /** The host's configuration, resolved once for the page it runs on. */
  static readonly layer = (config: Config.PorticoConfig, page: Config.Page = {}): Layer.Layer<HostConfig> =>
    Layer.succeed(HostConfig, HostConfig.of(Config.resolve(config, page)))
}
