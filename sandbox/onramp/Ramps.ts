/**
 * The sandbox's two onramp providers (spec §9: two providers, fees from 1 to 2 %): stand-ins for MoonPay
 * and Coinbase Onramp, each speaking its provider's protocol, their credentials, and the `onramp` options
 * Portico's API server is given to use them (the same a host gives for the real providers, with the
 * sandbox's URLs). Credentials are random per sandbox start: the stand-ins and the API server get them
 * from the same call, and they never leave this machine.
 */
import { generateKeyPairSync, type KeyObject } from "node:crypto"
import { bytesToHex, randomBytes } from "@noble/hashes/utils"
import type { OnrampOptions } from "../../http/server/ServerOptions.ts"

export interface Ramp {
  readonly id: "moonpay" | "coinbase"
  readonly name: string
  /** The provider fee, in basis points of what the card is charged. */
  readonly feeBps: bigint
}

export const moonPayRamp: Ramp = { id: "moonpay", name: "MoonPay", feeBps: 100n }
export const coinbaseRamp: Ramp = { id: "coinbase", name: "Coinbase", feeBps: 200n }
export const sandboxRamps: ReadonlyArray<Ramp> = [moonPayRamp, coinbaseRamp]

export interface MoonPayCredentials {
  readonly publishableKey: string
  readonly secretKey: string
  readonly webhookKey: string
}

export interface CoinbaseCredentials {
  /** The CDP API key's name. */
  readonly keyName: string
  /** Its secret (EC P-256, PEM), as the server is given it. */
  readonly keySecret: string
  /** What the stand-in verifies the server's JWTs with. */
  readonly publicKey: KeyObject
}

export interface RampCredentials {
  readonly moonpay: MoonPayCredentials
  readonly coinbase: CoinbaseCredentials
}

export const newCredentials = (): RampCredentials => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" })
  return {
    moonpay: {
      publishableKey: `pk_test_${bytesToHex(randomBytes(16))}`,
      secretKey: `sk_test_${bytesToHex(randomBytes(24))}`,
      webhookKey: `wk_test_${bytesToHex(randomBytes(24))}`
    },
    coinbase: {
      keyName: `organizations/sandbox/apiKeys/${crypto.randomUUID()}`,
      keySecret: privateKey.export({ format: "pem", type: "sec1" }).toString(),
      publicKey
    }
  }
}

/** Where each stand-in lives under the provider server's origin (the real ones' paths below these). */
export const paths = {
  moonPayApi: "/moonpay/api",
  moonPayWidget: "/moonpay/buy",
  coinbaseApi: "/coinbase/api/onramp",
  coinbasePay: "/coinbase/pay"
} as const

/** ServerOptions.onramp for the stand-ins at `url` with `credentials`: MoonPay first. */
export const serverOptions = (url: string, credentials: RampCredentials): OnrampOptions => ({
  providers: [
    {
      kind: "moonpay",
      apiUrl: `${url}${paths.moonPayApi}`,
      widgetUrl: `${url}${paths.moonPayWidget}`,
      ...credentials.moonpay
    },
    {
      kind: "coinbase",
      apiUrl: `${url}${paths.coinbaseApi}`,
      payUrl: `${url}${paths.coinbasePay}`,
      keyName: credentials.coinbase.keyName,
      keySecret: credentials.coinbase.keySecret
    }
  ]
})
