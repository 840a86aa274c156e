/**
 * Spec §4 "Account type fallbacks" for the embedded wallet after a login: the EVM default (§6) is asked
 * for and EOA kept when the frame refuses it; the smart-account networks are read, none when they cannot
 * be. Both are remembered.
 */
import * as Effect from "effect/Effect"
import * as Account from "../Account.ts"
import { isNetworkId, namespaceOf, referenceOf } from "../Caip.ts"
import type * as Storage from "../Storage.ts"
import * as StorageKey from "../StorageKey.ts"
import type { EmbeddedFrame } from "./FrameChannel.ts"

export const settle = (frame: EmbeddedFrame["Service"], storage: Storage.Storage["Service"]) =>
  Effect.gen(function*() {
    const wanted = Account.defaultAccountType("eip155") === "smartAccount" ? "smartAccount" : "eoa"
    const chosen = yield* frame.request("SET_PREFERRED_ACCOUNT", { type: wanted }).pipe(
      Effect.map((answer) => answer.type),
      Effect.orElseSucceed(() => Account.fallbackAccountType)
    )
    const preferred = yield* storage.get(StorageKey.preferredAccountTypes).pipe(Effect.orElseSucceed(() => ({})))
    yield* storage.set(StorageKey.preferredAccountTypes, { ...preferred, eip155: chosen }).pipe(Effect.ignore)
    const networks = yield* frame.request("GET_SMART_ACCOUNT_ENABLED_NETWORKS", {}).pipe(
      Effect.map((answer) => answer.networks.flatMap((id) => isNetworkId(id) && namespaceOf(id) === "eip155" ? [Number(referenceOf(id))] : [])),
      Effect.orElseSucceed((): ReadonlyArray<number> => [])
    )
    yield* storage.set(StorageKey.smartAccountEnabledNetworks, networks.filter(Number.isSafeInteger)).pipe(Effect.ignore)
  })
