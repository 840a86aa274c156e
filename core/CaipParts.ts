/**
 * Reading the parts of a CAIP id someone already accepted (core/Caip.ts validates and re-exports these):
 * a module of its own, free of Schema and Effect, so the host's first chunk can read a network's reference
 * without pulling Effect into the page before the visitor acts.
 */

/** `namespace:reference`, e.g. `eip155:1` (the type core/Caip.ts names CaipNetworkId). */
type NetworkId = `${string}:${string}`

/**
 * The namespace of a CAIP-2 id, a CAIP-10 address or a CAIP-25 scope key (`eip155` of `eip155:1`, and of
 * `eip155`): what precedes the first ":", or the whole text without one.
 */
export const namespaceOf = (id: string): string => {
  const colon = id.indexOf(":")
  return colon === -1 ? id : id.slice(0, colon)
}

/** The reference of a CAIP-2 id or CAIP-10 address (`1` of `eip155:1` and of `eip155:1:0xabc…`). */
export const referenceOf = (id: string): string => {
  const start = id.indexOf(":") + 1
  const end = id.indexOf(":", start)
  return start === 0 ? "" : id.slice(start, end === -1 ? undefined : end)
}

/** The account address of a CAIP-10 address (what follows the reference), or undefined when `id` has none. */
export const accountOf = (id: string): string | undefined => {
  const first = id.indexOf(":")
  const second = first === -1 ? -1 : id.indexOf(":", first + 1)
  return second === -1 ? undefined : id.slice(second + 1)
}

/** The CAIP-2 id of a CAIP-10 address (`eip155:1` of `eip155:1:0xabc…`); a network id stays as it is. */
export const networkOf = (id: string): NetworkId => `${namespaceOf(id)}:${referenceOf(id)}`
