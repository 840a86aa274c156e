/**
 * What the frame keeps on this browser, in its origin's IndexedDB (docs/embedded-wallet.md "Custody"):
 * - the device share, sealed with AES-256-GCM under a non-extractable WebCrypto key stored beside it (a
 *   CryptoKey survives IndexedDB's structured clone and stays unreadable to script), with the addresses
 *   it belongs to, so a share of an older split is told apart;
 * - the device id (128 random bits, hex) the server verifies devices by;
 * - the session's tokens.
 *
 * Clearing the vault deletes the key with the share: nothing stored before can be opened again.
 * Two frames of the same origin may start at once: the key and the device id are claimed with `add`, so
 * both end up with the one stored first.
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Predicate from "effect/Predicate"
import * as Schema from "effect/Schema"
import { Addresses } from "./Accounts.ts"

export const databaseName = "portico-embedded-wallet"
const storeName = "vault"
const records = { key: "key", deviceId: "device-id", share: "device-share", session: "session" } as const

export interface DeviceShare {
  readonly share: Uint8Array
  /** The wallet the share belongs to. */
  readonly addresses: Addresses
}

/** The session grant the frame signed in with. */
export const StoredSession = Schema.Struct({
  accessToken: Schema.String,
  refreshToken: Schema.String,
  /** When the access token expires, epoch milliseconds. */
  expiresAt: Schema.Number,
  visitorId: Schema.String
})
export type StoredSession = typeof StoredSession.Type

const DeviceId = Schema.String.check(Schema.isPattern(/^[0-9a-f]{32}$/))
const WrappingKey = Schema.instanceOf(CryptoKey)
const SealedShare = Schema.Struct({ iv: Schema.Uint8Array, ciphertext: Schema.Uint8Array, addresses: Addresses })

export class DeviceVault extends Context.Service<DeviceVault, {
  /** This browser's id, made on first use and kept until the vault is cleared. */
  readonly deviceId: Effect.Effect<string, DeviceVaultError>
  readonly share: Effect.Effect<Option.Option<DeviceShare>, DeviceVaultError>
  /** Replaces the device share (a new wallet, or a new split after a recovery). */
  readonly storeShare: (share: DeviceShare) => Effect.Effect<void, DeviceVaultError>
  readonly session: Effect.Effect<Option.Option<StoredSession>, DeviceVaultError>
  readonly storeSession: (session: StoredSession) => Effect.Effect<void, DeviceVaultError>
  /** Signing out: the tokens go, the device share and the device id stay. */
  readonly removeSession: Effect.Effect<void, DeviceVaultError>
  /** Forgets everything: the key, and with it the device share, the device id and the session. */
  readonly clear: Effect.Effect<void, DeviceVaultError>
}>()("portico/frame/custody/DeviceVault") {
  /** The vault in this origin's IndexedDB, open for the layer's lifetime. */
  static readonly layer = Layer.effect(
    DeviceVault,
    Effect.gen(function*() {
      const db = yield* Effect.acquireRelease(open, (opened) => Effect.sync(() => opened.close()))
      return make(db)
    })
  )
}

const failure = (cause: unknown) =>
  new DeviceVaultError({ reason: "unavailable", message: cause instanceof Error ? cause.message : String(cause) })

const unreadable = (record: string) => new DeviceVaultError({ reason: "unreadable", message: `The stored ${record} cannot be read` })

const open = Effect.callback<IDBDatabase, DeviceVaultError>((resume) => {
  try {
    const request = indexedDB.open(databaseName, 1)
    request.addEventListener("upgradeneeded", () => request.result.createObjectStore(storeName))
    request.addEventListener("success", () => resume(Effect.succeed(request.result)))
    request.addEventListener("error", () => resume(Effect.fail(failure(request.error))))
  } catch (cause) {
    // IndexedDB throws at once where storage is denied (SecurityError).
    resume(Effect.fail(failure(cause)))
  }
})

const make = (db: IDBDatabase): DeviceVault["Service"] => {
  /** One request in its own transaction; its result once the transaction committed. */
  const transact = <A>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<A>, tolerate?: string) =>
    Effect.callback<A, DeviceVaultError>((resume) => {
      try {
        const transaction = db.transaction(storeName, mode)
        const request = run(transaction.objectStore(storeName))
        request.addEventListener("error", (event) => {
          // A tolerated failure (`add` finding the record there) leaves the transaction to commit.
          if (request.error?.name === tolerate) event.preventDefault()
        })
        transaction.addEventListener("complete", () => resume(Effect.succeed(request.result)))
        transaction.addEventListener("abort", () => resume(Effect.fail(failure(transaction.error))))
      } catch (cause) {
        resume(Effect.fail(failure(cause)))
      }
    })

  const read = <A>(record: string, schema: Schema.Decoder<A>) =>
    transact("readonly", (store) => store.get(record)).pipe(
      Effect.flatMap((raw): Effect.Effect<Option.Option<A>, DeviceVaultError> =>
        Predicate.isUndefined(raw)
          ? Effect.succeed(Option.none())
          : Schema.decodeUnknownEffect(schema)(raw).pipe(Effect.map(Option.some), Effect.mapError(() => unreadable(record)))
      )
    )

  const write = (record: string, value: unknown) => Effect.asVoid(transact("readwrite", (store) => store.put(value, record)))

  /** The record, or `create`'s value stored as it unless another frame stored one first. */
  const claim = <A>(record: string, schema: Schema.Decoder<A>, create: Effect.Effect<A>) =>
    read(record, schema).pipe(
      Effect.flatMap(Option.match({
        onSome: Effect.succeed,
        onNone: () =>
          create.pipe(
            Effect.flatMap((value) => transact("readwrite", (store) => store.add(value, record), "ConstraintError")),
            Effect.andThen(read(record, schema)),
            Effect.flatMap(Option.match({ onSome: Effect.succeed, onNone: () => Effect.fail(unreadable(record)) }))
          )
      }))
    )

  const key = claim(
    records.key,
    WrappingKey,
    Effect.promise(() => crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]))
  )

  const deviceId = claim(
    records.deviceId,
    DeviceId,
    Effect.sync(() => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join(""))
  )

  const share = read(records.share, SealedShare).pipe(
    Effect.flatMap(Option.match({
      onNone: () => Effect.succeed(Option.none<DeviceShare>()),
      onSome: (sealed) =>
        read(records.key, WrappingKey).pipe(
          // A share without its key (the key record deleted) can no longer be opened.
          Effect.flatMap(Option.match({ onNone: () => Effect.fail(unreadable(records.share)), onSome: Effect.succeed })),
          Effect.flatMap((wrappingKey) =>
            Effect.tryPromise({
              try: () => crypto.subtle.decrypt({ name: "AES-GCM", iv: Uint8Array.from(sealed.iv) }, wrappingKey, Uint8Array.from(sealed.ciphertext)),
              catch: () => unreadable(records.share)
            })
          ),
          Effect.map((plain) => Option.some({ share: new Uint8Array(plain), addresses: sealed.addresses }))
        )
    }))
  )

  const storeShare = (device: DeviceShare) =>
    Effect.gen(function*() {
      const wrappingKey = yield* key
      const iv = crypto.getRandomValues(new Uint8Array(12))
      const ciphertext = new Uint8Array(
        yield* Effect.promise(() => crypto.subtle.encrypt({ name: "AES-GCM", iv }, wrappingKey, Uint8Array.from(device.share)))
      )
      yield* write(records.share, { iv, ciphertext, addresses: device.addresses })
    })

  return DeviceVault.of({
    deviceId,
    share,
    storeShare,
    session: read(records.session, StoredSession),
    storeSession: (session) => write(records.session, session),
    removeSession: Effect.asVoid(transact("readwrite", (store) => store.delete(records.session))),
    clear: Effect.asVoid(transact("readwrite", (store) => store.clear()))
  })
}

export class DeviceVaultError extends Schema.TaggedError<DeviceVaultError>()("DeviceVaultError", {
  /** IndexedDB refused (storage denied, quota, closed); or a record is there but cannot be read or opened. */
  reason: Schema.Literals(["unavailable", "unreadable"]),
  message: Schema.String
}) {}
