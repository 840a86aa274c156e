/**
 * The URLs a browser builds itself (an `<img src>`, a transport's endpoint), from the contracts' own
 * paths: `/getWalletImage/:id` with `{ id }` filled in, each value URL-encoded.
 */
export const fill = (path: string, params: Readonly<Record<string, string>>): string =>
  path.replace(/:(\w+)/g, (whole, name: string) => {
    const value = params[name]
    return value === undefined ? whole : encodeURIComponent(value)
  })

/** `path` (with its `:params` filled) and `query` on `base`. */
export const at = (
  base: string,
  path: string,
  params: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, string>> = {}
): string => {
  const url = new URL(fill(path, params).replace(/^\//, ""), base.endsWith("/") ? base : `${base}/`)
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  return url.toString()
}
