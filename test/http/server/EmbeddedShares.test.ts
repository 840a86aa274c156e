/**
 * The key shares the server keeps, against a real API server: stored once, then replaced only with a
 * personal_sign of the stored EVM account over the new set (signed here by a viem local account), read
 * only by a session of their visitor; and at rest, in the database itself, the auth share is sealed and
 * codes and refresh tokens are digests.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Schema from "effect/Schema"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { replacementMessage } from "../../../core/embedded/ShareSet.ts"
import type { PutSharesRequest, ShareSet } from "../../../http/api/EmbeddedApi.ts"
import { openDatabase, rows } from "../../../http/server/Database.ts"
import {
  bearer,
  codeIn,
  failureOf,
  lastMessageTo,
  signIn,
  startEmbeddedWorld,
  withEmbedded,
  type EmbeddedWorld
} from "../support/embedded.ts"

let world: EmbeddedWorld
beforeAll(async () => {
  world = await startEmbeddedWorld()
})
afterAll(() => world.stop())

const url = () => world.api.url
const solana = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T"

const randomShare = () => Buffer.from(crypto.getRandomValues(new Uint8Array(17))).toString("base64url")
const shareSet = (): ShareSet => ({ authShare: randomShare(), recoveryShare: randomShare() + randomShare(), recoveryKind: "passkey" })

const put = (accessToken: string, request: PutSharesRequest) =>
  withEmbedded(url(), (c) => c.putShares({ query: {}, headers: bearer(accessToken), payload: request }))
const putFailure = (accessToken: string, request: PutSharesRequest) =>
  failureOf(url(), (c) => c.putShares({ query: {}, headers: bearer(accessToken), payload: request }))
const authShare = (accessToken: string) => withEmbedded(url(), (c) => c.authShare({ query: {}, headers: bearer(accessToken) }))
const recoveryShare = (accessToken: string) => withEmbedded(url(), (c) => c.recoveryShare({ query: {}, headers: bearer(accessToken) }))

/** A visitor with a wallet: its EVM account and the first share set stored. */
const withWallet = async () => {
  const { grant } = await signIn(world)
  const account = privateKeyToAccount(generatePrivateKey())
  const addresses = { evm: account.address, solana }
  const first = shareSet()
  expect(await put(grant.accessToken, { ...first, addresses })).toEqual({ stored: "created" })
  return { grant, account, addresses, first }
}

describe("shares", () => {
  it("stores the first set; the visitor's session reads both shares back, and the user shows the addresses", async () => {
    const { addresses, first, grant } = await withWallet()
    expect(await authShare(grant.accessToken)).toEqual({ authShare: first.authShare })
    expect(await recoveryShare(grant.accessToken)).toEqual({ recoveryShare: first.recoveryShare, recoveryKind: "passkey" })
    expect(await withEmbedded(url(), (c) => c.user({ query: {}, headers: bearer(grant.accessToken) }))).toMatchObject({ addresses })
  })

  it("only a session of their visitor reads them", async () => {
    await withWallet()
    const stranger = await signIn(world)
    expect(await failureOf(url(), (c) => c.authShare({ query: {}, headers: bearer(stranger.grant.accessToken) }))).toMatchObject({
      _tag: "NotFound",
      status: 404
    })
    expect(await failureOf(url(), (c) => c.recoveryShare({ query: {}, headers: bearer(stranger.grant.accessToken) }))).toMatchObject({
      _tag: "NotFound"
    })
    expect(await failureOf(url(), (c) => c.authShare({ query: {}, headers: {} }))).toMatchObject({ _tag: "SessionExpired", status: 401 })
  })

  it("a revoked session reads nothing", async () => {
    const { grant } = await withWallet()
    await withEmbedded(url(), (c) => c.sessionRevoke({ query: {}, headers: bearer(grant.accessToken) }))
    expect(await failureOf(url(), (c) => c.authShare({ query: {}, headers: bearer(grant.accessToken) }))).toMatchObject({ _tag: "SessionExpired" })
  })

  it("replaces a stored set only with the stored EVM account's signature over the new set, once", async () => {
    const { account, addresses, first, grant } = await withWallet()
    const next = shareSet()
    expect(await putFailure(grant.accessToken, { ...next, addresses })).toMatchObject({ _tag: "SharesConflict", reason: "missing", status: 409 })

    const intruder = privateKeyToAccount(generatePrivateKey())
    const byIntruder = await intruder.signMessage({ message: replacementMessage(next) })
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { signature: byIntruder } })).toMatchObject({
      _tag: "SharesConflict",
      reason: "signature"
    })
    const overAnotherSet = await account.signMessage({ message: replacementMessage(shareSet()) })
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { signature: overAnotherSet } })).toMatchObject({
      _tag: "SharesConflict",
      reason: "signature"
    })
    const signature = await account.signMessage({ message: replacementMessage(next) })
    expect(await putFailure(grant.accessToken, { ...next, addresses: { ...addresses, evm: intruder.address }, replacement: { signature } }))
      .toMatchObject({ _tag: "SharesConflict", reason: "addresses" })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: first.authShare })

    expect(await put(grant.accessToken, { ...next, addresses, replacement: { signature } })).toEqual({ stored: "replaced" })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: next.authShare })
    expect(await recoveryShare(grant.accessToken)).toEqual({ recoveryShare: next.recoveryShare, recoveryKind: next.recoveryKind })

    // An old replacement cannot roll the shares back.
    const latest = shareSet()
    await put(grant.accessToken, { ...latest, addresses, replacement: { signature: await account.signMessage({ message: replacementMessage(latest) }) } })
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { signature } })).toMatchObject({
      _tag: "SharesConflict",
      reason: "replayed"
    })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: latest.authShare })
  })

  it("refuses malformed shares and addresses with a 400 naming the field", async () => {
    const { grant } = await signIn(world)
    const answer = await fetch(`${url()}/v1/embedded/shares?projectId=test-project&st=portico&sv=test`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...bearer(grant.accessToken) },
      body: JSON.stringify({ ...shareSet(), authShare: "not base64url!", addresses: { evm: "0x12", solana } })
    })
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { message: string }).message).toMatch(/authShare|evm/)
  })
})

describe("at rest", () => {
  it("keeps the auth share sealed, and codes and refresh tokens as digests only", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "portico-embedded-"))
    const local = await startEmbeddedWorld({ dataDir })
    let secrets: { code: string; refreshToken: string; authShare: string; recoveryShare: string }
    try {
      const { email, grant } = await signIn(local)
      const code = codeIn(await lastMessageTo(local.mail, email))
      const set = shareSet()
      await withEmbedded(local.api.url, (c) =>
        c.putShares({ query: {}, headers: bearer(grant.accessToken), payload: { ...set, addresses: { evm: privateKeyToAccount(generatePrivateKey()).address, solana } } }))
      secrets = { code, refreshToken: grant.refreshToken, authShare: set.authShare, recoveryShare: set.recoveryShare }
    } finally {
      await local.stop()
    }
    const db = await openDatabase({ dataDir })
    try {
      const dump = JSON.stringify(await Promise.all(
        ["embedded_visitors", "embedded_devices", "embedded_email_attempts", "embedded_sessions", "embedded_refresh_tokens", "embedded_shares"]
          .map((table) => db.query(`SELECT * FROM ${table}`))
      ))
      expect(dump).not.toContain(secrets.authShare)
      expect(dump).not.toContain(secrets.refreshToken)
      expect(dump).not.toContain(`"${secrets.code}"`)
      // The recovery share is stored as given: it is already encrypted under the visitor's recovery key.
      expect(dump).toContain(secrets.recoveryShare)
      const [attempt] = await rows(db, Schema.Struct({ code_hash: Schema.String }), "SELECT code_hash FROM embedded_email_attempts")
      expect(attempt?.code_hash).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
