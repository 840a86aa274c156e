import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { afterEach, describe, expect, it } from "vitest"
import { DeviceVault } from "../../../frame/custody/DeviceVault.ts"
import { deleteVaultDatabase, onVaultStore } from "../support/VaultDatabase.ts"

const addresses = { evm: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", solana: "oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96" } as const
const share = Uint8Array.from({ length: 17 }, (_, index) => 200 - index)
const session = { accessToken: "header.payload.signature", refreshToken: "r".repeat(43), expiresAt: 1_900_000_000_000, visitorId: "ab".repeat(16) }

/** Runs against the vault as a frame does: the database opened for the call, closed after. */
const run = <A, E>(effect: Effect.Effect<A, E, DeviceVault>) => Effect.runPromise(Effect.provide(effect, DeviceVault.layer))
const vault = Effect.service(DeviceVault)

const rawRecords = () => onVaultStore((store): IDBRequest<Array<unknown>> => store.getAll())
const rawRecord = (key: string) => onVaultStore((store): IDBRequest<unknown> => store.get(key))
const putRaw = (key: string, value: unknown) => onVaultStore((store) => store.put(value, key), "readwrite")

const contains = (haystack: Uint8Array, needle: Uint8Array) =>
  haystack.some((_, start) => needle.every((byte, offset) => haystack[start + offset] === byte))

afterEach(deleteVaultDatabase)

describe("DeviceVault (IndexedDB, WebCrypto)", () => {
  it("keeps the device share under a non-extractable AES-GCM key: exporting the key is refused", async () => {
    await run(Effect.flatMap(vault, (v) => v.storeShare({ share, addresses })))
    const keys = (await rawRecords()).filter((record) => record instanceof CryptoKey)
    expect(keys).toHaveLength(1)
    const key = keys[0] as CryptoKey
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toEqual({ name: "AES-GCM", length: 256 })
    expect([...key.usages].toSorted()).toEqual(["decrypt", "encrypt"])
    await expect(crypto.subtle.exportKey("raw", key)).rejects.toThrow()
    await expect(crypto.subtle.exportKey("jwk", key)).rejects.toThrow()
  })

  it("gives the share and its addresses back, and stores nothing of the share in the clear", async () => {
    await run(Effect.flatMap(vault, (v) => v.storeShare({ share, addresses })))
    const stored = await run(Effect.flatMap(vault, (v) => v.share))
    expect(Option.getOrUndefined(stored)).toEqual({ share, addresses })
    for (const record of await rawRecords()) {
      if (typeof record !== "object" || record === null || !("ciphertext" in record) || !(record.ciphertext instanceof Uint8Array)) continue
      expect(record.ciphertext).toHaveLength(share.length + 16)
      expect(contains(record.ciphertext, share.slice(0, 8))).toBe(false)
    }
  })

  it("a new share replaces the old one", async () => {
    const next = Uint8Array.from(share, (byte) => byte ^ 0xff)
    await run(Effect.flatMap(vault, (v) => Effect.andThen(v.storeShare({ share, addresses }), v.storeShare({ share: next, addresses }))))
    expect(Option.getOrUndefined(await run(Effect.flatMap(vault, (v) => v.share)))?.share).toEqual(next)
  })

  it("clearing the vault loses the share: none is left, and a copy of its record kept from before no longer opens", async () => {
    await run(Effect.flatMap(vault, (v) => v.storeShare({ share, addresses })))
    const sealed = await rawRecord("device-share")
    await run(Effect.flatMap(vault, (v) => v.clear))
    expect(await rawRecords()).toEqual([])
    expect(Option.isNone(await run(Effect.flatMap(vault, (v) => v.share)))).toBe(true)

    await putRaw("device-share", sealed)
    expect((await run(Effect.flip(Effect.flatMap(vault, (v) => v.share)))).reason).toBe("unreadable")

    // A share stored after the clear is sealed under a new key: the old record still does not open.
    await run(Effect.flatMap(vault, (v) => v.storeShare({ share, addresses })))
    await putRaw("device-share", sealed)
    expect((await run(Effect.flip(Effect.flatMap(vault, (v) => v.share)))).reason).toBe("unreadable")
  })

  it("a damaged record is reported, not taken for a share", async () => {
    await run(Effect.flatMap(vault, (v) => v.storeShare({ share, addresses })))
    const sealed = (await rawRecord("device-share")) as { readonly ciphertext: Uint8Array }
    await putRaw("device-share", { ...sealed, ciphertext: Uint8Array.from(sealed.ciphertext, (byte, index) => (index === 0 ? byte ^ 1 : byte)) })
    expect((await run(Effect.flip(Effect.flatMap(vault, (v) => v.share)))).reason).toBe("unreadable")
    await putRaw("device-share", { nonsense: true })
    expect((await run(Effect.flip(Effect.flatMap(vault, (v) => v.share)))).reason).toBe("unreadable")
  })

  it("the device id is 128 random bits in hex, kept across openings, new after a clear", async () => {
    const first = await run(Effect.flatMap(vault, (v) => v.deviceId))
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(await run(Effect.flatMap(vault, (v) => v.deviceId))).toBe(first)
    await run(Effect.flatMap(vault, (v) => v.clear))
    expect(await run(Effect.flatMap(vault, (v) => v.deviceId))).not.toBe(first)
  })

  it("two frames starting at once end up with one device id", async () => {
    const ids = await Promise.all([run(Effect.flatMap(vault, (v) => v.deviceId)), run(Effect.flatMap(vault, (v) => v.deviceId))])
    expect(ids[0]).toBe(ids[1])
  })

  it("keeps the session's tokens; removing them leaves the share and the device id", async () => {
    const deviceId = await run(Effect.flatMap(vault, (v) => v.deviceId))
    await run(Effect.flatMap(vault, (v) => Effect.andThen(v.storeShare({ share, addresses }), v.storeSession(session))))
    expect(Option.getOrUndefined(await run(Effect.flatMap(vault, (v) => v.session)))).toEqual(session)
    await run(Effect.flatMap(vault, (v) => v.removeSession))
    expect(Option.isNone(await run(Effect.flatMap(vault, (v) => v.session)))).toBe(true)
    expect(Option.isSome(await run(Effect.flatMap(vault, (v) => v.share)))).toBe(true)
    expect(await run(Effect.flatMap(vault, (v) => v.deviceId))).toBe(deviceId)
  })
})
