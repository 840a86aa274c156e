/**
 * Custody no single party breaks (issue 11, docs/embedded-wallet.md): a wallet made by the frame's own
 * custody library is stored through the real API server, then everything the server holds — every row of
 * every table, and the server's own share key — is handed to an attacker who tries every pair of shares it
 * can find or unseal. None of them gives the wallet's addresses; the device share the frame keeps is what
 * is missing. The frame's browser vault is the one part stood in for (in memory): it is the visitor's.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { hexToBytes } from "@noble/hashes/utils.js"
import { afterAll, expect, it } from "vitest"
import { Share } from "../../../core/embedded/ShareSet.ts"
import * as Accounts from "../../../frame/custody/Accounts.ts"
import { Custody } from "../../../frame/custody/Custody.ts"
import { DeviceVault, type DeviceShare, type StoredSession } from "../../../frame/custody/DeviceVault.ts"
import * as RecoveryCode from "../../../frame/custody/RecoveryCode.ts"
import * as Seed from "../../../frame/custody/Seed.ts"
import * as Shares from "../../../frame/custody/Shares.ts"
import { openDatabase, rows } from "../../../http/server/Database.ts"
import * as ShareCipher from "../../../http/server/embedded/ShareCipher.ts"
import { bearer, signIn, startEmbeddedWorld, withEmbedded } from "../support/embedded.ts"

const dataDir = mkdtempSync(join(tmpdir(), "portico-custody-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** The visitor's browser vault, in memory: the device share stays here and never reaches the server. */
const memoryVault = () => {
  let share: DeviceShare | undefined
  let session: StoredSession | undefined
  return Layer.succeed(DeviceVault, DeviceVault.of({
    deviceId: Effect.succeed("0".repeat(32)),
    share: Effect.sync(() => Option.fromUndefinedOr(share)),
    storeShare: (next) => Effect.sync(() => {
      share = next
    }),
    session: Effect.sync(() => Option.fromUndefinedOr(session)),
    storeSession: (next) => Effect.sync(() => {
      session = next
    }),
    removeSession: Effect.sync(() => {
      session = undefined
    }),
    clear: Effect.sync(() => {
      share = undefined
      session = undefined
    })
  }))
}

/** Every string anywhere in a value (rows, JSON columns, arrays). */
const stringsIn = (value: unknown): ReadonlyArray<string> =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
    ? value.flatMap(stringsIn)
    : typeof value === "object" && value !== null
    ? Object.values(value).flatMap(stringsIn)
    : []

it("gives no key to whoever holds every row the server stores and the server's share key", async () => {
  const world = await startEmbeddedWorld({ dataDir })
  let wallet: { readonly evm: string; readonly solana: string }
  let visitorId: string
  try {
    const { grant } = await signIn(world)
    visitorId = grant.visitorId
    const made = await Effect.runPromise(Effect.gen(function*() {
      const custody = yield* Custody
      return yield* custody.create({ kind: "code", code: RecoveryCode.generate() })
    }).pipe(Effect.provide(Custody.layer.pipe(Layer.provide(memoryVault())))))
    wallet = made.addresses
    await withEmbedded(world.api.url, (client) =>
      client.putShares({ query: {}, headers: bearer(grant.accessToken), payload: { ...made.shareSet, addresses: made.addresses } }))
  } finally {
    await world.stop()
  }

  const db = await openDatabase({ dataDir })
  const tables = (await rows(db, Schema.Struct({ tablename: Schema.String }), "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
    .map((row) => row.tablename)
  const everything = await Promise.all(tables.map((table) => db.query(`SELECT * FROM ${table}`)))
  await db.close()
  expect(tables).toContain("embedded_shares")

  // The attacker also has the server's key: every sealed value of this visitor is opened where it can be.
  const cipher = ShareCipher.make(hexToBytes(world.options.shareKey))
  const strings = stringsIn(everything)
  const unsealed = strings.flatMap((text) => {
    try {
      return [cipher.open(visitorId, text)]
    } catch {
      return []
    }
  })
  const decodeShare = Schema.decodeUnknownOption(Share)
  const candidates = [...new Set([...strings, ...unsealed])].flatMap((text) => Option.toArray(decodeShare(text)))
  // The auth share is there once unsealed: that is what a session of the visitor is given.
  expect(candidates.length).toBeGreaterThanOrEqual(1)

  const reconstructs = async (pair: ReadonlyArray<Uint8Array>) => {
    const secret = await Effect.runPromise(Effect.option(Shares.combine(pair)))
    if (Option.isNone(secret)) return false
    const seed = await Effect.runPromise(Effect.option(Seed.fromEntropy(secret.value)))
    return Option.isSome(seed) && Accounts.addressesOf(seed.value).evm === wallet.evm
  }
  for (const one of candidates) expect(await reconstructs([one])).toBe(false)
  for (const [index, first] of candidates.entries()) {
    for (const second of candidates.slice(index + 1)) expect(await reconstructs([first, second])).toBe(false)
  }
})
