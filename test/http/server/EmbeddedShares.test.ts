/**
 * The key shares the server keeps, against a real API server: stored once, then replaced only with an
 * EIP-712 signature of the stored EVM account over the new set and a nonce the server issued to the
 * session (signed here by a viem local account), ending the visitor's other sessions; read
 * only by a session of their visitor; and at rest, in the database itself, the auth share is sealed and
 * codes and refresh tokens are digests.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Schema from "effect/Schema"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ShareReplacement from "../../../core/embedded/ShareReplacement.ts"
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
const shareNonce = (accessToken: string) => withEmbedded(url(), (c) => c.shareNonce({ query: {}, headers: bearer(accessToken) }))
const recoveryShare = (accessToken: string) => withEmbedded(url(), (c) => c.recoveryShare({ query: {}, headers: bearer(accessToken) }))

/** A visitor with a wallet: its EVM account and the first share set stored. */
const withWallet = async () => {
  const { grant, email, deviceId } = await signIn(world)
  const account = privateKeyToAccount(generatePrivateKey())
  const addresses = { evm: account.address, solana }
  const first = shareSet()
  expect(await put(grant.accessToken, { ...first, addresses })).toEqual({ stored: "created" })
  return { grant, email, deviceId, account, addresses, first }
}

/** A second session of the visitor on its verified device, past the address's 30 s mail gate. */
const anotherSession = (email: string, deviceId: string) => {
  world.time.advance(31_000)
  return signIn(world, email, deviceId)
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

  it("replaces a stored set only with the stored EVM account's EIP-712 signature over the new set and a nonce of this session, once", async () => {
    const { account, addresses, first, grant } = await withWallet()
    const next = shareSet()
    expect(await putFailure(grant.accessToken, { ...next, addresses })).toMatchObject({ _tag: "SharesConflict", reason: "missing", status: 409 })

    const intruder = privateKeyToAccount(generatePrivateKey())
    const { nonce } = await shareNonce(grant.accessToken)
    const byIntruder = await intruder.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce }, next))
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { nonce, signature: byIntruder } })).toMatchObject({
      _tag: "SharesConflict",
      reason: "signature"
    })
    // The nonce went with the refused try.
    const signedFirst = await account.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce }, next))
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { nonce, signature: signedFirst } })).toMatchObject({
      _tag: "SharesConflict",
      reason: "nonce"
    })

    const fresh = (await shareNonce(grant.accessToken)).nonce
    const overAnotherSet = await account.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce: fresh }, shareSet()))
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { nonce: fresh, signature: overAnotherSet } })).toMatchObject({
      _tag: "SharesConflict",
      reason: "signature"
    })
    const last = (await shareNonce(grant.accessToken)).nonce
    const signature = await account.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce: last }, next))
    expect(await putFailure(grant.accessToken, { ...next, addresses: { ...addresses, evm: intruder.address }, replacement: { nonce: last, signature } }))
      .toMatchObject({ _tag: "SharesConflict", reason: "addresses" })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: first.authShare })

    expect(await put(grant.accessToken, { ...next, addresses, replacement: { nonce: last, signature } })).toEqual({ stored: "replaced" })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: next.authShare })
    expect(await recoveryShare(grant.accessToken)).toEqual({ recoveryShare: next.recoveryShare, recoveryKind: next.recoveryKind })

    // The same replacement again cannot roll later shares back: its nonce is spent.
    const latest = shareSet()
    const latestNonce = (await shareNonce(grant.accessToken)).nonce
    await put(grant.accessToken, {
      ...latest,
      addresses,
      replacement: { nonce: latestNonce, signature: await account.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce: latestNonce }, latest)) }
    })
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { nonce: last, signature } })).toMatchObject({
      _tag: "SharesConflict",
      reason: "nonce"
    })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: latest.authShare })
  })

  it("a nonce serves only the session it was issued to, and only until it expires", async () => {
    const { account, addresses, grant, email, deviceId } = await withWallet()
    const other = await anotherSession(email, deviceId)
    const next = shareSet()
    const { nonce } = await shareNonce(other.grant.accessToken)
    const signature = await account.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce }, next))
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { nonce, signature } })).toMatchObject({ reason: "nonce" })

    const late = (await shareNonce(grant.accessToken)).nonce
    world.time.advance(5 * 60_000 + 1)
    const lateSignature = await account.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce: late }, next))
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { nonce: late, signature: lateSignature } })).toMatchObject({
      reason: "nonce"
    })
  })

  it("a replacement ends every other session of the visitor; the replacing one goes on", async () => {
    const { account, addresses, grant, email, deviceId } = await withWallet()
    const elsewhere = await anotherSession(email, deviceId)
    const next = shareSet()
    const { nonce } = await shareNonce(grant.accessToken)
    const signature = await account.signTypedData(ShareReplacement.typedData({ visitorId: grant.visitorId, nonce }, next))
    expect(await put(grant.accessToken, { ...next, addresses, replacement: { nonce, signature } })).toEqual({ stored: "replaced" })
    expect(await failureOf(url(), (c) => c.authShare({ query: {}, headers: bearer(elsewhere.grant.accessToken) }))).toMatchObject({
      _tag: "SessionExpired",
      reason: "revoked"
    })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: next.authShare })
  })

  it("attack: a replacement signed as personal_sign (what a site could get the wallet to sign) is refused", async () => {
    const { account, addresses, first, grant } = await withWallet()
    const next = shareSet()
    const legacy = `Portico: replace key shares ${ShareReplacement.shareSetHash(next).slice(2)}`
    const answer = await fetch(`${url()}/v1/embedded/shares?projectId=test-project&st=portico&sv=test`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: world.api.url, ...bearer(grant.accessToken) },
      body: JSON.stringify({ ...next, addresses, replacement: { signature: await account.signMessage({ message: legacy }) } })
    })
    expect(answer.status).toBe(400)
    const { nonce } = await shareNonce(grant.accessToken)
    const asPersonalSign = await account.signMessage({ message: legacy })
    expect(await putFailure(grant.accessToken, { ...next, addresses, replacement: { nonce, signature: asPersonalSign } })).toMatchObject({
      reason: "signature"
    })
    expect(await authShare(grant.accessToken)).toEqual({ authShare: first.authShare })
  })

  it("refuses malformed shares and addresses with a 400 naming the field", async () => {
    const { grant } = await signIn(world)
    const answer = await fetch(`${url()}/v1/embedded/shares?projectId=test-project&st=portico&sv=test`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: url(), ...bearer(grant.accessToken) },
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
