/**
 * Finding a configured network: the one lookup every floor uses. Its own module, free of Schema, so the
 * host's first chunk (hooks, the custom element) can use it without pulling the schemas in.
 */

interface Listed {
  readonly caipNetworkId: string
  readonly chainNamespace: string
}

/** The configured network with this CAIP-2 id. */
export const byId = <N extends Listed>(networks: ReadonlyArray<N>, caipNetworkId: string | undefined): N | undefined =>
  caipNetworkId === undefined ? undefined : networks.find((network) => network.caipNetworkId === caipNetworkId)

/** The first configured network of a namespace (the host's order is its preference). */
export const firstOf = <N extends Listed>(networks: ReadonlyArray<N>, namespace: string): N | undefined =>
  networks.find((network) => network.chainNamespace === namespace)

/** The configured networks of a namespace, in the host's order. */
export const ofNamespace = <N extends Listed>(networks: ReadonlyArray<N>, namespace: string): ReadonlyArray<N> =>
  networks.filter((network) => network.chainNamespace === namespace)
