import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { afterEach, describe, expect, it } from "vitest"
import { EncryptedRecoveryShare } from "../../../core/embedded/ShareSet.ts"
import * as Passkey from "../../../frame/custody/Passkey.ts"
import * as RecoveryKey from "../../../frame/custody/RecoveryKey.ts"
import { addVirtualAuthenticator, type VirtualAuthenticator } from "../support/VirtualAuthenticator.ts"

const options = { rpName: "Portico", userName: "visitor@example.com" }
let authenticator: VirtualAuthenticator | undefined

const withAuthenticator = async (hasPrf: boolean, isUserVerified = true) => {
  authenticator = await addVirtualAuthenticator({ hasPrf, isUserVerified })
  return authenticator
}

afterEach(async () => {
  await authenticator?.remove()
  authenticator = undefined
})

describe("Passkey (WebAuthn PRF, Chromium's virtual authenticator)", () => {
  it("creates a passkey and reads its 32-byte PRF output", async () => {
    const device = await withAuthenticator(true)
    const factor = await Effect.runPromise(Passkey.create(options))
    expect(factor.kind).toBe("passkey")
    expect(factor.prfOutput).toHaveLength(32)
    expect(factor.credentialId.length).toBeGreaterThan(0)
    expect(await device.credentialCount()).toBe(1)
  })

  it("the same passkey gives the same output again, so it opens what it sealed", async () => {
    await withAuthenticator(true)
    const created = await Effect.runPromise(Passkey.create(options))
    const again = await Effect.runPromise(Passkey.evaluate(created.credentialId))
    expect(again.prfOutput).toEqual(created.prfOutput)
    const share = Uint8Array.from({ length: 17 }, (_, index) => index)
    const sealed = await Effect.runPromise(RecoveryKey.seal(share, created))
    const wire = Schema.encodeSync(EncryptedRecoveryShare)(sealed)
    const asked = await Effect.runPromise(Passkey.evaluateFor(wire))
    expect(await Effect.runPromise(RecoveryKey.open(sealed, "passkey", asked))).toEqual(share)
  })

  it("two passkeys give different outputs: one does not open what the other sealed", async () => {
    await withAuthenticator(true)
    const first = await Effect.runPromise(Passkey.create(options))
    const second = await Effect.runPromise(Passkey.create(options))
    expect(second.prfOutput).not.toEqual(first.prfOutput)
    const sealed = await Effect.runPromise(RecoveryKey.seal(new Uint8Array(17), first))
    const error = await Effect.runPromise(Effect.flip(RecoveryKey.open(sealed, "passkey", second)))
    expect(error._tag).toBe("RecoveryFactorMismatchError")
  })

  it("an authenticator without PRF is reported unsupported (the visitor gets a recovery code instead)", async () => {
    await withAuthenticator(false)
    const error = await Effect.runPromise(Effect.flip(Passkey.create(options)))
    expect(error._tag).toBe("PasskeyError")
    expect(error.reason).toBe("unsupported")
  })

  it("a visitor who fails user verification gets no output", async () => {
    await withAuthenticator(true, false)
    const error = await Effect.runPromise(Effect.flip(Passkey.create(options)))
    expect(error._tag).toBe("PasskeyError")
    expect(error.reason).toBe("cancelled")
  })

  it("a recovery share that names no passkey is refused before any prompt", async () => {
    const device = await withAuthenticator(true)
    const sealed = await Effect.runPromise(RecoveryKey.seal(new Uint8Array(17), { kind: "code", code: new Uint8Array(16) }))
    const error = await Effect.runPromise(Effect.flip(Passkey.evaluateFor(Schema.encodeSync(EncryptedRecoveryShare)(sealed))))
    expect(error.reason).toBe("failed")
    expect(await Effect.runPromise(Effect.flip(Passkey.evaluateFor("not a share")))).toMatchObject({ reason: "failed" })
    expect(await device.credentialCount()).toBe(0)
  })
})
