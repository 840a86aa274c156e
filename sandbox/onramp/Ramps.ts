/**
 * The two sandbox onramp providers (spec §9: two providers, fees from 1 to 2 %), their credentials, and
 * the `onramp` options Portico's API server needs to use them. Credentials are random per sandbox start:
 * the provider and the API server get them from the same call, and they never leave this machine.
 */
import { bytesToHex, randomBytes } from "@noble/hashes/utils"
import type { OnrampOptions } from "../../http/server/ServerOptions.ts"

export interface Ramp {
  readonly id: string
  readonly name: string
  /** The provider fee, in basis points of what the card is charged. */
  readonly feeBps: bigint
}

export const sandboxRamps: ReadonlyArray<Ramp> = [
  { id: "ramp-a", name: "Sandbox Ramp A", feeBps: 100n },
  { id: "ramp-b", name: "Sandbox Ramp B", feeBps: 200n }
]

export interface RampCredentials {
  /** What Portico sends as a bearer token on API calls. */
  readonly apiKey: string
  /** Signs checkout sessions (Portico) and purchase callbacks (the provider). */
  readonly secret: string
}

/** Fresh credentials for every ramp, by ramp id. */
export const newCredentials = (): ReadonlyMap<string, RampCredentials> =>
  new Map(sandboxRamps.map((ramp) => [ramp.id, { apiKey: bytesToHex(randomBytes(24)), secret: bytesToHex(randomBytes(32)) }]))

/** Where a ramp's API and checkout live under the provider's origin. */
export const apiPath = (ramp: Ramp) => `/${ramp.id}/api`
export const checkoutPath = (ramp: Ramp) => `/${ramp.id}/checkout`

/** ServerOptions.onramp for the provider at `url` with `credentials`. */
export const serverOptions = (url: string, credentials: ReadonlyMap<string, RampCredentials>): OnrampOptions => ({
  providers: sandboxRamps.map((ramp) => {
    const credential = credentials.get(ramp.id)
    if (credential === undefined) throw new RangeError(`no credentials for ${ramp.id}`)
    return { id: ramp.id, name: ramp.name, apiUrl: `${url}${apiPath(ramp)}`, apiKey: credential.apiKey, checkoutUrl: `${url}${checkoutPath(ramp)}`, secret: credential.secret }
  })
})
