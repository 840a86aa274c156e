import { address as toAddress, lamports } from "@solana/kit"
import * as Schema from "effect/Schema"
import { Base58TooLarge, encodeAccount } from "./AccountEncoding.ts"
import { FINALIZATION_DEPTH, type Chain } from "./Chain.ts"
import { INVALID_PARAMS, method, RpcError, type Method } from "./JsonRpc.ts"
import type { LedgerEntry } from "./Ledger.ts"
import { SOLANA_CORE_VERSION } from "./RpcMethods.ts"
import { AddressParam, Commitment, DataSliceParam, SignatureParam } from "./RpcParams.ts"

const SYSTEM_PROGRAM = toAddress("11111111111111111111111111111111")

const SubscriptionId = Schema.Tuple([Schema.Int])
const context = (slot: number) => ({ apiVersion: SOLANA_CORE_VERSION, slot })

/**
 * The PubSub side of the RPC (`signatureSubscribe`, `slotSubscribe`, `accountSubscribe` and their
 * unsubscribes): what `@solana/kit`'s confirmation strategies listen to. Ids are unique per devnet.
 */
export class SubscriptionHub {
  readonly #chain: Chain
  #nextId = 1

  constructor(chain: Chain) {
    this.#chain = chain
  }

  /** Methods for one socket; `close` drops every subscription it still holds. */
  connect(send: (message: unknown) => void): { readonly methods: Readonly<Record<string, Method>>; readonly close: () => void } {
    const chain = this.#chain
    const active = new Map<number, () => void>()
    const open = (notificationMethod: string, start: (notify: (result: unknown) => void, done: () => void) => Array<() => void>) => {
      const id = this.#nextId++
      const cleanups: Array<() => void> = []
      const done = () => {
        for (const cleanup of cleanups) cleanup()
        active.delete(id)
      }
      // Notifications start on the next tick so the subscribe answer (the id) always reaches the client first.
      const timer = setTimeout(() => {
        cleanups.push(...start((result) => send({ jsonrpc: "2.0", method: notificationMethod, params: { result, subscription: id } }), done))
      }, 0)
      cleanups.push(() => clearTimeout(timer))
      active.set(id, done)
      return id
    }
    const unsubscribe = method(SubscriptionId, ([id]) => {
      const done = active.get(id)
      if (done === undefined) throw new RpcError(INVALID_PARAMS, "Invalid subscription id.")
      done()
      return true
    })
    const methods: Record<string, Method> = {
      signatureSubscribe: method(
        Schema.Tuple([
          SignatureParam,
          Schema.optionalKey(Schema.Struct({ commitment: Schema.optionalKey(Commitment), enableReceivedNotification: Schema.optionalKey(Schema.Boolean) }))
        ]),
        ([signature, config]) =>
          open("signatureNotification", (notify, done) => {
            const finalizedOnly = (config?.commitment ?? "finalized") === "finalized"
            // Like a validator, a signature subscription answers once and then ends.
            const check = (entry: LedgerEntry | undefined) => {
              if (entry === undefined || (finalizedOnly && chain.slot - entry.slot < FINALIZATION_DEPTH)) return
              notify({ context: context(entry.slot), value: { err: entry.err } })
              done()
            }
            const cleanups = [
              chain.onTransaction((entry) => entry.signature === signature && check(entry)),
              chain.onSlot(() => check(chain.ledger.get(signature)))
            ]
            queueMicrotask(() => check(chain.ledger.get(signature)))
            return cleanups
          })
      ),
      signatureUnsubscribe: unsubscribe,
      slotSubscribe: method(Schema.Tuple([]), () =>
        open("slotNotification", (notify) => [
          chain.onSlot((slot) => notify({ parent: slot - 1, root: Math.max(0, slot - FINALIZATION_DEPTH), slot }))
        ])
      ),
      slotUnsubscribe: unsubscribe,
      accountSubscribe: method(
        Schema.Tuple([
          AddressParam,
          Schema.optionalKey(
            Schema.Struct({
              commitment: Schema.optionalKey(Commitment),
              encoding: Schema.optionalKey(Schema.Literals(["base58", "base64", "jsonParsed"])),
              dataSlice: Schema.optionalKey(DataSliceParam)
            })
          )
        ]),
        ([watched, config]) =>
          open("accountNotification", (notify) => [
            chain.onTransaction((entry) => {
              if (!entry.accountKeys.some((key, index) => key === watched && entry.writable[index] === true)) return
              const current = chain.getAccount(watched) ?? {
                address: toAddress(watched),
                lamports: lamports(0n),
                programAddress: SYSTEM_PROGRAM,
                executable: false,
                data: new Uint8Array(),
                space: 0n
              }
              try {
                notify({ context: context(entry.slot), value: encodeAccount(current, config?.encoding ?? "base64", config?.dataSlice, chain.decimalsOf) })
              } catch (cause) {
                // An account grown past what base58 may carry gets no notification in that encoding, as on a validator.
                if (!(cause instanceof Base58TooLarge)) throw cause
              }
            })
          ])
      ),
      accountUnsubscribe: unsubscribe
    }
    return {
      methods,
      close: () => {
        for (const done of active.values()) done()
      }
    }
  }
}
