/**
 * The browser's part of an OAuth 2.0 / OpenID Connect flow, in plain HTTP: requests that keep cookies per
 * origin and path (as a browser does), redirects followed by hand so a test can stop at, read or alter
 * any hop, and the sign-in form of the sandbox's providers posted like a click would.
 */
export interface Hop {
  readonly url: string
  readonly status: number
  readonly location: string | undefined
  readonly headers: Headers
  readonly body: string
}

interface Cookie {
  readonly value: string
  readonly path: string
}

const pathMatches = (cookiePath: string, requestPath: string): boolean =>
  requestPath === cookiePath || (requestPath.startsWith(cookiePath) && (cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/"))

/** The default path of a cookie set without one (RFC 6265 §5.1.4). */
const defaultPath = (url: URL): string => {
  const slash = url.pathname.lastIndexOf("/")
  return slash <= 0 ? "/" : url.pathname.slice(0, slash)
}

export class HttpBrowser {
  /** origin → `name|path` → cookie */
  readonly #cookies = new Map<string, Map<string, Cookie>>()

  #cookieHeader(url: URL): string | undefined {
    const jar = this.#cookies.get(url.origin)
    if (jar === undefined) return undefined
    const pairs = [...jar.entries()].filter(([, cookie]) => pathMatches(cookie.path, url.pathname)).map(([key, cookie]) => `${key.slice(0, key.indexOf("|"))}=${cookie.value}`)
    return pairs.length === 0 ? undefined : pairs.join("; ")
  }

  #store(url: URL, headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim())
      const equals = pair.indexOf("=")
      if (equals <= 0) continue
      const name = pair.slice(0, equals)
      const value = pair.slice(equals + 1)
      const attribute = (key: string) => attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1)
      const path = attribute("path") ?? defaultPath(url)
      const maxAge = attribute("max-age")
      const expires = attribute("expires")
      const expired = (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now())
      const jar = this.#cookies.get(url.origin) ?? new Map<string, Cookie>()
      this.#cookies.set(url.origin, jar)
      if (expired) jar.delete(`${name}|${path}`)
      else jar.set(`${name}|${path}`, { value, path })
    }
  }

  /** One request, no redirect followed; `language`: its Accept-Language. */
  async request(
    target: string,
    init: { readonly method?: string; readonly form?: Readonly<Record<string, string>>; readonly language?: string } = {}
  ): Promise<Hop> {
    const url = new URL(target)
    const headers = new Headers()
    if (init.language !== undefined) headers.set("accept-language", init.language)
    const cookie = this.#cookieHeader(url)
    if (cookie !== undefined) headers.set("cookie", cookie)
    if (init.form !== undefined) headers.set("content-type", "application/x-www-form-urlencoded")
    const response = await fetch(url, {
      method: init.method ?? (init.form === undefined ? "GET" : "POST"),
      headers,
      redirect: "manual",
      ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() })
    })
    this.#store(url, response.headers)
    const location = response.headers.get("location")
    return {
      url: url.href,
      status: response.status,
      location: location === null ? undefined : new URL(location, url).href,
      headers: response.headers,
      body: await response.text()
    }
  }

  /**
   * Follows redirects from `hop` until an answer that is no redirect, or until the next hop would go to
   * a URL `stopAt` accepts (then that URL is returned unvisited, as `location` of the last hop).
   */
  async follow(hop: Hop, stopAt: (url: URL) => boolean = () => false): Promise<Hop> {
    let current = hop
    for (let hops = 0; hops < 20; hops++) {
      if (current.status < 300 || current.status >= 400 || current.location === undefined) return current
      if (stopAt(new URL(current.location))) return current
      current = await this.request(current.location)
    }
    throw new Error(`more than 20 redirects from ${hop.url}`)
  }

  async visit(url: string, stopAt?: (url: URL) => boolean): Promise<Hop> {
    return this.follow(await this.request(url), stopAt)
  }

  /** Posts the sign-in form of `page` (a sandbox provider's page) as the button with `fields` would. */
  async submitSignIn(page: Hop, fields: Readonly<Record<string, string>>, stopAt?: (url: URL) => boolean): Promise<Hop> {
    const action = /<form method="post" action="([^"]+)">/.exec(page.body)?.[1]
    if (action === undefined) throw new Error(`no sign-in form at ${page.url} (${page.status}): ${page.body.slice(0, 200)}`)
    return this.follow(await this.request(new URL(action.replace(/&#38;/g, "&"), page.url).href, { form: fields }), stopAt)
  }
}
