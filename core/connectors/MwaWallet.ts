/**
 * The Mobile Wallet Adapter as a Wallet Standard wallet ("Mobile Wallet Adapter"), spoken by Portico
 * itself (core/mwa/). Every call that needs the wallet app opens the association URI at once, inside the
 * visitor's tap (Android allows a scheme launch only then), then reaches the app's local socket and runs
 * one session: authorize (with the kept auth_token when there is one, so the wallet need not ask again)
 * and the call. A silent connect (a reload) answers from the kept authorization without opening the app.
 */
import { getWallets } from "@wallet-standard/app"
import type { Wallet, WalletAccount, WalletIcon } from "@wallet-standard/base"
import { base58 } from "@scure/base"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Association from "../mwa/Association.ts"
import * as MwaCalls from "../mwa/MwaCalls.ts"
import { errorCodes, MwaWalletError } from "../mwa/MwaErrors.ts"
import type * as MwaRpc from "../mwa/MwaRpc.ts"
import * as MwaSession from "../mwa/MwaSession.ts"
import type * as Storage from "../Storage.ts"
import * as StorageKey from "../StorageKey.ts"
import * as WalletError from "../WalletError.ts"

export const walletName = "Mobile Wallet Adapter"

const icon: WalletIcon =
  "data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iNyIgZmlsbD0iIzFiMWIyZiIvPjxyZWN0IHg9IjEwIiB5PSI1IiB3aWR0aD0iMTIiIGhlaWdodD0iMjIiIHJ4PSIyLjUiIGZpbGw9Im5vbmUiIHN0cm9rZT0iIzlkZjVjNCIgc3Ryb2tlLXdpZHRoPSIyIi8+PGNpcmNsZSBjeD0iMTYiIGN5PSIyMyIgcj0iMS4zIiBmaWxsPSIjOWRmNWM0Ii8+PHBhdGggZD0iTTEzIDExaDZNMTMgMTRoNk0xMyAxN2g0IiBzdHJva2U9IiNjOWI2ZmYiIHN0cm9rZS13aWR0aD0iMS42IiBzdHJva2UtbGluZWNhcD0icm91bmQiLz48L3N2Zz4="

const features = ["solana:signMessage", "solana:signAndSendTransaction"] as const

type Kept = NonNullable<typeof StorageKey.mobileWalletAuthorization.defaultValue>

export interface Options {
  /** The host's identity, shown by the wallet app and bound to its authorization. */
  readonly identity: MwaRpc.AuthorizeParams["identity"]
  /** The host's Solana networks as wallets name them (`solana:mainnet`, or the CAIP-2 id of a private one). */
  readonly chains: ReadonlyArray<`${string}:${string}`>
  readonly storage: Storage.Storage["Service"]
  /** Opens the association URI; called synchronously inside the call that needs the wallet app. */
  readonly openUri: (uri: string) => void
  readonly dial: MwaSession.Dial
  /** The association's local port: the spec's random dynamic port unless a test hands out one it knows is free. */
  readonly port?: (() => number) | undefined
}

interface SignMessageInput {
  readonly account: WalletAccount
  readonly message: Uint8Array
}
interface SignAndSendInput {
  readonly account: WalletAccount
  readonly transaction: Uint8Array
  readonly chain: string
  readonly options?: { readonly commitment?: MwaCalls.SendOptions["commitment"]; readonly skipPreflight?: boolean; readonly minContextSlot?: number; readonly maxRetries?: number }
}

/** What a rejected promise carries: the wallet's refusals as the EIP-1193 codes the modal reads, the rest as typed. */
const asProviderError = (error: unknown): unknown => {
  if (!(error instanceof MwaWalletError)) return error
  if (error.code === errorCodes.authorizationFailed || error.code === errorCodes.notSigned) {
    return new WalletError.UserRejectedRequestError({ code: 4001, message: error.message })
  }
  return error
}

const run = <A, E>(effect: Effect.Effect<A, E>): Promise<A> =>
  Effect.runPromiseExit(effect).then((exit) => Exit.isSuccess(exit) ? exit.value : Promise.reject(asProviderError(Cause.squash(exit.cause))))

const unauthorized = (message: string) => new WalletError.UnauthorizedError({ code: 4100, message })

/** The Wallet Standard accounts of a kept authorization: its accounts, on the chain it was issued for. */
const accountsOf = (kept: Kept | null): ReadonlyArray<WalletAccount> =>
  (kept?.accounts ?? []).flatMap((account) => {
    const publicKey = MwaCalls.publicKeyOf(account.address)
    if (publicKey === undefined || kept === null) return []
    const chain = kept.chain as `${string}:${string}`
    return [{ address: base58.encode(publicKey), publicKey, chains: [chain], features, ...(account.label === undefined ? {} : { label: account.label }) }]
  })

export const make = (options: Options): Wallet => {
  const listeners = new Set<(properties: { readonly accounts: ReadonlyArray<WalletAccount> }) => void>()
  let accounts: ReadonlyArray<WalletAccount> = []

  /** Lists the kept authorization's accounts and tells the listeners; returns them. */
  const show = (kept: Kept | null) =>
    Effect.sync(() => {
      accounts = accountsOf(kept)
      for (const listener of listeners) listener({ accounts })
      return accounts
    })

  // A page that cannot persist still holds the authorization until it reloads; the wallet asks again then.
  const keep = (kept: Kept | null) =>
    options.storage.set(StorageKey.mobileWalletAuthorization, kept).pipe(Effect.catchTag("StorageWriteError", () => Effect.void), Effect.andThen(show(kept)), Effect.asVoid)

  /** Opens the wallet app now, in the caller's tap, and runs `use` in one session with it. */
  const inSession = <A, E>(use: (session: MwaSession.Session) => Effect.Effect<A, E>) => {
    const association = Association.make(options.port?.())
    options.openUri(Association.localUri(association))
    return MwaSession.transact(association, options.dial, use)
  }

  /** Authorizes for `chain`, again with the kept token when it was issued for that chain; a refused token is forgotten. */
  const authorized = (session: MwaSession.Session, chain: string) =>
    Effect.gen(function*() {
      const previous = yield* options.storage.get(StorageKey.mobileWalletAuthorization)
      const authToken = previous?.chain === chain ? previous.authToken : undefined
      const result = yield* MwaCalls.authorize(session, { identity: options.identity, chain, ...(authToken === undefined ? {} : { auth_token: authToken }) }).pipe(
        Effect.tapError((error) => error._tag === "MwaWalletError" && error.code === errorCodes.authorizationFailed ? keep(null) : Effect.void)
      )
      const kept: Kept = { authToken: result.auth_token, chain, accounts: result.accounts.map((account) => ({ address: account.address, ...(account.label === undefined ? {} : { label: account.label }) })) }
      yield* keep(kept)
      return accountsOf(kept)
    })

  /** The authorized account a request names, after authorizing again in this session. */
  const signer = (session: MwaSession.Session, chain: string, account: WalletAccount) =>
    Effect.flatMap(authorized(session, chain), (current) => {
      const found = current.find((candidate) => candidate.address === account.address)
      return found === undefined ? Effect.fail(unauthorized("The wallet no longer authorizes this account")) : Effect.succeed(found)
    })

  const keptChain = Effect.map(options.storage.get(StorageKey.mobileWalletAuthorization), (kept) => kept?.chain ?? options.chains[0] ?? "solana:mainnet")

  const connect = (input?: { readonly silent?: boolean }) => {
    if (input?.silent === true) {
      return run(Effect.map(Effect.flatMap(options.storage.get(StorageKey.mobileWalletAuthorization), show), (shown) => ({ accounts: shown })))
    }
    return run(inSession((session) => Effect.map(Effect.flatMap(keptChain, (chain) => authorized(session, chain)), (current) => ({ accounts: current }))))
  }

  const disconnect = () => {
    const ending = Effect.gen(function*() {
      const kept = yield* options.storage.get(StorageKey.mobileWalletAuthorization)
      yield* keep(null)
      return kept
    })
    // The page forgets at once; the wallet app is asked to revoke the token in the same tap.
    const revoke = inSession((session) =>
      Effect.flatMap(ending, (kept) => kept === null ? Effect.void : MwaCalls.deauthorize(session, kept.authToken))
    )
    return run(revoke)
  }

  const signMessage = (...inputs: ReadonlyArray<SignMessageInput>) => {
    const first = inputs[0]
    if (first === undefined || inputs.some((input) => input.account.address !== first.account.address)) {
      return Promise.reject(unauthorized("The Mobile Wallet Adapter signs for one account at a time"))
    }
    return run(inSession((session) =>
      Effect.gen(function*() {
        const account = yield* signer(session, yield* keptChain, first.account)
        return yield* MwaCalls.signMessages(session, Uint8Array.from(account.publicKey), inputs.map((input) => input.message))
      })
    ))
  }

  const signAndSendTransaction = (...inputs: ReadonlyArray<SignAndSendInput>) => {
    const first = inputs[0]
    if (first === undefined || inputs.some((input) => input.account.address !== first.account.address || input.chain !== first.chain)) {
      return Promise.reject(unauthorized("The Mobile Wallet Adapter sends for one account and network at a time"))
    }
    const given = first.options
    const sendOptions: MwaCalls.SendOptions = {
      ...(given?.commitment === undefined ? {} : { commitment: given.commitment }),
      ...(given?.skipPreflight === undefined ? {} : { skip_preflight: given.skipPreflight }),
      ...(given?.minContextSlot === undefined ? {} : { min_context_slot: given.minContextSlot }),
      ...(given?.maxRetries === undefined ? {} : { max_retries: given.maxRetries })
    }
    return run(inSession((session) =>
      Effect.gen(function*() {
        yield* signer(session, first.chain, first.account)
        const signatures = yield* MwaCalls.signAndSendTransactions(session, inputs.map((input) => input.transaction), sendOptions)
        return signatures.map((signature) => ({ signature }))
      })
    ))
  }

  return {
    version: "1.0.0",
    name: walletName,
    icon,
    chains: options.chains,
    get accounts() {
      return accounts
    },
    features: {
      "standard:connect": { version: "1.0.0", connect },
      "standard:disconnect": { version: "1.0.0", disconnect },
      "standard:events": {
        version: "1.0.0",
        on: (_event: "change", listener: (properties: { readonly accounts: ReadonlyArray<WalletAccount> }) => void) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        }
      },
      "solana:signMessage": { version: "1.0.0", signMessage },
      "solana:signAndSendTransaction": { version: "1.0.0", supportedTransactionVersions: ["legacy", 0], signAndSendTransaction }
    }
  }
}

/** Registers the wallet with the page's Wallet Standard registry; returns the function that withdraws it. */
export const register = (options: Options): (() => void) => getWallets().register(make(options))
