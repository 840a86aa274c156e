/**
 * The WalletConnect peers the relay's tests pair through it: Portico's own Sign client (either role) and the
 * reference sign-client 2.21.8, each on a given relay URL; and a fresh database for relays on one Postgres.
 */
import { SignClient as ReferenceClient } from "@walletconnect/sign-client"
import { WebSocket } from "ws"
import * as Storage from "../../../../core/Storage.ts"
import type * as RelayClient from "../../../../core/walletconnect/RelayClient.ts"
import * as SignClient from "../../../../core/walletconnect/SignClient.ts"
import { openDatabase } from "../../../../http/server/Database.ts"
import type { Postgres } from "../../support/postgres.ts"

export const metadata = (name: string) => ({ name, description: name, url: `https://${name}.test`, icons: [] })

export const openSocket = (url: string) => new WebSocket(url) as unknown as RelayClient.Socket

/** Portico's own Sign client in a role, on the relay at `relayUrl`. */
export const portico = (role: "dapp" | "wallet", relayUrl: string) =>
  SignClient.make({ role, relayUrl, projectId: "test", metadata: metadata(role), storage: Storage.serviceOf(Storage.layerMemory), openSocket })

/** The reference sign-client 2.21.8 on the relay at `relayUrl`. */
export const reference = (name: string, relayUrl: string) =>
  ReferenceClient.init({ projectId: "portico-test", relayUrl, customStoragePrefix: `${name}-${Math.random()}`, telemetryEnabled: false, logger: "silent", metadata: metadata(name) })

export const nextEvent = (client: SignClient.SignClient, tag: SignClient.SignEvent["_tag"]) =>
  new Promise<SignClient.SignEvent>((resolve) => {
    const stop = client.subscribe((event) => {
      if (event._tag !== tag) return
      stop()
      resolve(event)
    })
  })

let databases = 0

/** A database of its own on `postgres`, for the relays of one test. */
export const freshDatabase = async (postgres: Postgres | undefined): Promise<string> => {
  if (postgres === undefined) throw new Error("Postgres did not start")
  const name = `relay_${process.pid}_${++databases}`
  const admin = await openDatabase({ databaseUrl: postgres.url })
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.close()
  return postgres.url.replace(/\/postgres$/, `/${name}`)
}
