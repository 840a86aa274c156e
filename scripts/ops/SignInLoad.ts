/**
 * Writers against the API through the load balancer, and the read-back that proves none of their
 * acknowledged writes was lost.
 *
 * The write is a wallet sign-in (`POST /v1/siwx/nonce`, then `POST /v1/siwx/sessions` with the signed
 * message): the one write every visitor's sign-in makes, and one whose acknowledgement means something
 * durable — the 200 carries the session's id only after the nonce row was consumed and the session row
 * committed in the shared database, and `GET /v1/siwx/sessions/:id` reads it back on whichever process the
 * balancer picks. Its two steps also cross processes (a nonce issued by one process is spent on another).
 * A request the balancer or a dying process answered with anything but 200 is not acknowledged: the writer
 * counts it, backs off and starts the write again with a fresh nonce.
 *
 * Each writer is a visitor of its own (an X-Forwarded-For address from TEST-NET-1 that the balancer
 * forwards and the API trusts from it), so the per-client bound on outstanding nonces is one visitor's.
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import * as SignInMessage from "../../core/signin/SignInMessage.ts"

export interface SignInLoadOptions {
  /** The balancer's URL. */
  readonly url: string
  readonly projectId: string
  /** The page the visitors sign in on: an allowed origin of the project. */
  readonly origin: string
  /** The EVM chain the visitors sign in on (its CAIP-2 reference): one the API reads. */
  readonly chainId: number
  readonly writers: number
  /** Writes in all, shared out between the writers. */
  readonly writes: number
  /** Called after each acknowledged write with how many are acknowledged so far. */
  readonly onAcknowledged?: (count: number) => void
}

export interface SignInLoadResult {
  /** Session ids the API answered 200 with. */
  readonly acknowledged: ReadonlyArray<string>
  /** HTTP requests sent, answered or not. */
  readonly requests: number
  /** Requests that failed (a non-200 answer or no answer), by what was seen: status or error. */
  readonly failures: Readonly<Record<string, number>>
}

const sdk = (projectId: string) => `projectId=${encodeURIComponent(projectId)}&st=portico&sv=portico-multiprocess-0.1.0`

const backoffMs = (attempt: number) => Math.min(2000, 50 * 2 ** attempt)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const runSignInLoad = async (options: SignInLoadOptions): Promise<SignInLoadResult> => {
  const acknowledged: Array<string> = []
  const failures: Record<string, number> = {}
  let requests = 0
  let remaining = options.writes
  const domain = new URL(options.origin).host

  /** One request; the JSON body of a 200, or undefined after counting why not. */
  const call = async (path: string, init: RequestInit, visitor: string): Promise<unknown> => {
    requests += 1
    try {
      const response = await fetch(`${options.url}${path}`, {
        ...init,
        headers: { origin: options.origin, "x-forwarded-for": visitor, "content-type": "application/json" }
      })
      const body: unknown = await response.json().catch(() => undefined)
      if (response.status === 200) return body
      failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1
    } catch (error) {
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error)
      failures[reason] = (failures[reason] ?? 0) + 1
    }
    return undefined
  }

  const write = async (visitor: string, account: ReturnType<typeof privateKeyToAccount>): Promise<string | undefined> => {
    const issued = await call(`/v1/siwx/nonce?${sdk(options.projectId)}`, { method: "POST" }, visitor)
    if (typeof issued !== "object" || issued === null || !("nonce" in issued) || typeof issued.nonce !== "string") return undefined
    const now = Date.now()
    const message = SignInMessage.format({
      domain,
      accountAddress: account.address,
      chainId: `eip155:${options.chainId}`,
      uri: `${options.origin}/`,
      version: "1",
      nonce: issued.nonce,
      issuedAt: new Date(now).toISOString(),
      expirationTime: new Date(now + 3_600_000).toISOString()
    })
    const signature = await account.signMessage({ message })
    const record = await call(`/v1/siwx/sessions?${sdk(options.projectId)}`, { method: "POST", body: JSON.stringify({ message, signature }) }, visitor)
    return typeof record === "object" && record !== null && "id" in record && typeof record.id === "string" ? record.id : undefined
  }

  const writer = async (index: number): Promise<void> => {
    const visitor = `192.0.2.${index + 1}`
    const account = privateKeyToAccount(generatePrivateKey())
    let attempt = 0
    while (remaining > 0) {
      remaining -= 1
      for (;;) {
        const id = await write(visitor, account)
        if (id !== undefined) {
          acknowledged.push(id)
          options.onAcknowledged?.(acknowledged.length)
          attempt = 0
          break
        }
        await sleep(backoffMs(attempt++))
      }
    }
  }

  await Promise.all(Array.from({ length: options.writers }, (_, index) => writer(index)))
  return { acknowledged, requests, failures }
}

/**
 * Reads every acknowledged session back through the balancer: the ids not found (404) are lost writes. A
 * read that fails otherwise (the balancer has no process to give it) is tried again, so only an answer counts.
 */
export const readBack = async (options: SignInLoadOptions, ids: ReadonlyArray<string>): Promise<ReadonlyArray<string>> => {
  const lost: Array<string> = []
  for (const id of ids) {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(`${options.url}/v1/siwx/sessions/${id}?${sdk(options.projectId)}`, { headers: { origin: options.origin } }).catch(() => undefined)
      if (response?.status === 200 || response?.status === 404) {
        await response.body?.cancel()
        if (response.status === 404) lost.push(id)
        break
      }
      await response?.body?.cancel()
      if (attempt >= 20) throw new Error(`reading session ${id} back failed ${attempt} times (last: ${response?.status ?? "no answer"})`)
      await sleep(backoffMs(attempt))
    }
  }
  return lost
}
