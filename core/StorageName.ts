/**
 * The names our local storage keys have (spec section 3), without Schema: the first stage reads a key or two
 * before the engine has loaded, under the very name `StorageKey` gives it.
 */

/** Every key lives under this prefix, so clearing ours never touches the host site's keys. */
export const prefix = "@portico/"

/** The localStorage key of one of ours. */
export const of = (name: string): string => `${prefix}${name}`
