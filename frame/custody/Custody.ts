/**
 * The embedded wallet's key custody (docs/embedded-wallet.md "Keys", "Custody"), run by the frame:
 * - `create` makes a wallet: a new seed, its three shares (the device share into the vault; the auth
 *   share and the sealed recovery share returned for the server);
 * - `unlock` opens it on a known device, with the vault's device share and the server's auth share;
 * - `recover` opens it on a new device, with the auth share and the recovery share, then splits it anew
 *   (same seed, same addresses), keeps the new device share and returns the server's two new shares
 *   with the EVM account's EIP-712 signature of the replacement (core/embedded/ShareReplacement.ts) over
 *   the server's single-use nonce, so a session alone cannot swap them. This is the only place that
 *   signs in the replacement's reserved domain: no site's request reaches it;
 * - the signers sign with it while it is open; `lock` forgets it.
 *
 * The seed exists only in this service's memory between an unlock and a lock, and each call works on
 * its own copy, overwritten when the call ends. Two shares give back any 16 bytes, so what they give is
 * accepted only when it derives the addresses the wallet was made with. No operation returns a key
 * except `exportKeys`, which only the frame's export panel calls.
 */
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { bytesToHex, type Hex, type SignableMessage, type SignedAuthorization } from "viem"
import * as ShareReplacement from "../../core/embedded/ShareReplacement.ts"
import * as ShareSet from "../../core/embedded/ShareSet.ts"
import { fixed } from "../../core/FixedMessage.ts"
import * as Accounts from "./Accounts.ts"
import { DeviceVault, type DeviceVaultError } from "./DeviceVault.ts"
import * as EvmSigner from "./EvmSigner.ts"
import * as RecoveryKey from "./RecoveryKey.ts"
import * as Seed from "./Seed.ts"
import * as Shares from "./Shares.ts"
import * as SolanaSigner from "./SolanaSigner.ts"

export interface NewWallet {
  readonly addresses: Accounts.Addresses
  /** For the server, as `PUT /v1/embedded/shares` takes it; the device share is in the vault already. */
  readonly shareSet: ShareSet.WireShareSet
}

/** What the server holds for the visitor, as it serves it: its two shares and the addresses it stored at creation. */
export interface ServerShares extends ShareSet.WireShareSet {
  readonly addresses: { readonly evm: string; readonly solana: string }
}

export interface Recovered {
  readonly addresses: Accounts.Addresses
  /** The server's new shares, replacing the old ones; the new device share is in the vault already. */
  readonly shareSet: ShareSet.WireShareSet
  /** The EVM account's EIP-712 signature of `ShareReplacement.typedData(authorization, shareSet)`. */
  readonly replacement: Hex
}

export interface ExportedKeys {
  readonly phrase: string
  readonly evm: { readonly address: Accounts.Addresses["evm"]; readonly privateKey: Hex }
  /** The private key as Phantom and `solana-keygen` take it: base58 of the 64-byte secret and public key. */
  readonly solana: { readonly address: string; readonly privateKey: string }
}

interface Opened {
  readonly seed: Seed.Seed
  readonly addresses: Accounts.Addresses
}

const wipe = (seed: Seed.Seed) => Effect.sync(() => Seed.wipe(seed))

/** Overwrites `seed` if `body` fails before keeping it. */
const holding = <A, E>(seed: Seed.Seed, body: Effect.Effect<A, E>) => Effect.onError(body, () => wipe(seed))

/** The seed two shares give, if it is the wallet of `addresses`. */
const combine = (shares: ReadonlyArray<Uint8Array>, addresses: ServerShares["addresses"]) =>
  Shares.combine(shares).pipe(
    Effect.flatMap(Seed.fromEntropy),
    Effect.mapError(() => new SharesMismatchError()),
    Effect.flatMap((seed) => {
      const derived = Accounts.addressesOf(seed)
      if (derived.evm.toLowerCase() === addresses.evm.toLowerCase() && derived.solana === addresses.solana) return Effect.succeed(seed)
      Seed.wipe(seed)
      return Effect.fail(new SharesMismatchError())
    })
  )

/** A share as the server serves it, decoded; a damaged one does not make the wallet. */
const decode = <S extends Schema.Decoder<unknown>>(schema: S, wire: unknown) =>
  Effect.mapError(Schema.decodeUnknownEffect(schema)(wire), () => new SharesMismatchError())

export class Custody extends Context.Service<Custody, {
  readonly create: (factor: RecoveryKey.RecoveryFactor) => Effect.Effect<NewWallet, DeviceVaultError>
  /** With the auth share as the server serves it (base64url). */
  readonly unlock: (authShare: string) => Effect.Effect<Accounts.Addresses, NoDeviceShareError | SharesMismatchError | DeviceVaultError>
  /** `authorization`: the visitor and the nonce the server issued for this replacement. */
  readonly recover: (
    stored: ServerShares,
    factor: RecoveryKey.RecoveryFactor,
    authorization: ShareReplacement.ReplacementAuthorization
  ) => Effect.Effect<Recovered, RecoveryKey.RecoveryFactorMismatchError | SharesMismatchError | DeviceVaultError>
  readonly lock: Effect.Effect<void>
  /** The open wallet's addresses. */
  readonly addresses: Effect.Effect<Accounts.Addresses, CustodyLockedError>
  /** The phrase and both private keys: for the frame's export panel only, never for a message to the modal. */
  readonly exportKeys: Effect.Effect<ExportedKeys, CustodyLockedError>
  readonly signPersonalMessage: (message: SignableMessage) => Effect.Effect<Hex, CustodyLockedError>
  readonly signTypedData: (typedData: EvmSigner.EvmTypedData) => Effect.Effect<Hex, CustodyLockedError | EvmSigner.EvmSigningError>
  readonly signEvmTransaction: (transaction: EvmSigner.EvmTransaction) => Effect.Effect<Hex, CustodyLockedError | EvmSigner.EvmSigningError>
  readonly signAuthorization: (request: EvmSigner.AuthorizationRequest) => Effect.Effect<SignedAuthorization, CustodyLockedError | EvmSigner.DelegationRefusedError>
  readonly signSolanaMessage: (message: Uint8Array) => Effect.Effect<Uint8Array, CustodyLockedError>
  readonly signSolanaTransaction: (wire: Uint8Array) => Effect.Effect<Uint8Array, CustodyLockedError | SolanaSigner.SolanaTransactionError>
}>()("portico/frame/custody/Custody") {
  static readonly layer = Layer.effect(
    Custody,
    Effect.gen(function*() {
      const vault = yield* DeviceVault
      const state = yield* Ref.make(Option.none<Opened>())

      /** Opens `next` (or none), overwriting the seed open before. */
      const replace = (next: Option.Option<Opened>) =>
        Effect.flatMap(Ref.getAndSet(state, next), Option.match({ onNone: () => Effect.void, onSome: (before) => wipe(before.seed) }))
      const keep = (opened: Opened) => replace(Option.some(opened))

      /** Runs `use` on a copy of the open wallet's seed, taken in the same step as the read, and overwrites it after. */
      const withSeed = <A, E>(use: (seed: Seed.Seed, addresses: Accounts.Addresses) => Effect.Effect<A, E>) =>
        Effect.acquireUseRelease(
          Ref.modify(state, (opened) => [Option.map(opened, (o) => ({ seed: Seed.copy(o.seed), addresses: o.addresses })), opened] as const).pipe(
            Effect.flatMap((copy) => Effect.fromOption(copy, () => new CustodyLockedError()))
          ),
          (copy) => use(copy.seed, copy.addresses),
          (copy) => wipe(copy.seed)
        )

      /** Splits the open seed anew: the device share into the vault, the server's two shares returned on the wire. */
      const resplit = (seed: Seed.Seed, addresses: Accounts.Addresses, factor: RecoveryKey.RecoveryFactor) =>
        Effect.gen(function*() {
          const shares = yield* Shares.split(seed.entropy)
          const recoveryShare = yield* RecoveryKey.seal(shares.recovery, factor)
          const shareSet = Schema.encodeSync(ShareSet.ShareSet)({ authShare: shares.auth, recoveryShare, recoveryKind: factor.kind })
          yield* vault.storeShare({ share: shares.device, addresses })
          return shareSet
        })

      const create = Effect.fn("Custody.create")(function*(factor: RecoveryKey.RecoveryFactor) {
        const seed = yield* Seed.generate
        return yield* holding(seed, Effect.gen(function*() {
          const addresses = Accounts.addressesOf(seed)
          const shareSet = yield* resplit(seed, addresses, factor)
          yield* keep({ seed, addresses })
          return { addresses, shareSet }
        }))
      })

      const unlock = Effect.fn("Custody.unlock")(function*(authShare: string) {
        const device = yield* Effect.flatMap(vault.share, (share) => Effect.fromOption(share, () => new NoDeviceShareError()))
        const seed = yield* combine([device.share, yield* decode(ShareSet.Share, authShare)], device.addresses)
        yield* keep({ seed, addresses: device.addresses })
        return device.addresses
      })

      const recover = Effect.fn("Custody.recover")(function*(
        stored: ServerShares,
        factor: RecoveryKey.RecoveryFactor,
        authorization: ShareReplacement.ReplacementAuthorization
      ) {
        const set = yield* decode(ShareSet.ShareSet, stored)
        const recoveryShare = yield* RecoveryKey.open(set.recoveryShare, set.recoveryKind, factor)
        const seed = yield* combine([set.authShare, recoveryShare], stored.addresses)
        return yield* holding(seed, Effect.gen(function*() {
          const addresses = Accounts.addressesOf(seed)
          const shareSet = yield* resplit(seed, addresses, factor)
          const replacement = yield* EvmSigner.signShareReplacement(seed, authorization, shareSet)
          yield* keep({ seed, addresses })
          return { addresses, shareSet, replacement }
        }))
      })

      const exportKeys = withSeed((seed, addresses) =>
        Effect.sync((): ExportedKeys => ({
          phrase: Seed.phraseOf(seed),
          evm: { address: addresses.evm, privateKey: Accounts.withEvmKey(seed, bytesToHex) },
          solana: {
            address: addresses.solana,
            privateKey: Accounts.withSolanaKey(seed, (privateKey) => base58.encode(Uint8Array.of(...privateKey, ...ed25519.getPublicKey(privateKey))))
          }
        }))
      )

      return Custody.of({
        create,
        unlock,
        recover,
        lock: replace(Option.none()),
        addresses: withSeed((_, addresses) => Effect.succeed(addresses)),
        exportKeys,
        signPersonalMessage: (message) => withSeed((seed) => EvmSigner.signPersonalMessage(seed, message)),
        signTypedData: (typedData) => withSeed((seed) => EvmSigner.signTypedData(seed, typedData)),
        signEvmTransaction: (transaction) => withSeed((seed) => EvmSigner.signTransaction(seed, transaction)),
        signAuthorization: (request) => withSeed((seed) => EvmSigner.signAuthorization(seed, request)),
        signSolanaMessage: (message) => withSeed((seed) => Effect.sync(() => SolanaSigner.signMessage(seed, message))),
        signSolanaTransaction: (wire) => withSeed((seed) => SolanaSigner.signTransaction(seed, wire))
      })
    })
  )
}

/** Signing or exporting while no wallet is open (signed out, or not yet unlocked). */
export class CustodyLockedError extends Schema.TaggedError<CustodyLockedError>()("CustodyLockedError", {
  message: fixed("The wallet is locked")
}) {}

/** This browser holds no device share (a new device, or a cleared vault): the visitor recovers. */
export class NoDeviceShareError extends Schema.TaggedError<NoDeviceShareError>()("NoDeviceShareError", {
  message: fixed("This device holds no key share")
}) {}

/**
 * The two shares do not make this wallet: shares of different splits (this device's share predates a
 * recovery elsewhere) or a damaged share. The visitor recovers.
 */
export class SharesMismatchError extends Schema.TaggedError<SharesMismatchError>()("SharesMismatchError", {
  message: fixed("These key shares do not belong to this wallet")
}) {}
