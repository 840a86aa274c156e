/**
 * What a Solana transaction would change for the visitor, from the node's `simulateTransaction` (the
 * blockhash replaced, signatures not checked) asked for the writable accounts' state after it, beside
 * their state now (`getMultipleAccounts`): the visitor's SOL, and the tokens of the token accounts the
 * visitor owns (an SPL token account's mint, owner and amount are at bytes 0, 32 and 64). A node that
 * cannot simulate, or answers what cannot be read, leaves `unavailable`.
 */
import { base58, base64 } from "@scure/base"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { formatAmount, type Currency } from "./ApprovalViews.ts"
import type { ChainClient } from "./ChainClient.ts"
import type { SimulationView } from "./PanelChannel.ts"
import { tokenPrograms } from "./SolanaInstructions.ts"

const Account = Schema.NullOr(Schema.Struct({ lamports: Schema.Number, owner: Schema.String, data: Schema.Tuple([Schema.String, Schema.Literal("base64")]) }))
const Before = Schema.Struct({ value: Schema.Array(Account) })
const After = Schema.Struct({ value: Schema.Struct({ err: Schema.Unknown, accounts: Schema.NullOr(Schema.Array(Account)) }) })

interface State {
  readonly lamports: bigint
  readonly token?: { readonly mint: string; readonly owner: string; readonly amount: bigint }
}

const stateOf = (account: typeof Account.Type): State => {
  if (account === null) return { lamports: 0n }
  const data = base64.decode(account.data[0])
  const isToken = tokenPrograms.has(account.owner) && data.length >= 72
  return {
    lamports: BigInt(account.lamports),
    ...(isToken
      ? { token: { mint: base58.encode(data.slice(0, 32)), owner: base58.encode(data.slice(32, 64)), amount: new DataView(data.buffer, data.byteOffset + 64, 8).getBigUint64(0, true) } }
      : {})
  }
}

const signed = (delta: bigint, text: string) => (delta > 0n ? `+${text}` : `−${text}`)

export const simulate = (
  chain: ChainClient["Service"],
  chainId: string,
  owner: string,
  wire: Uint8Array,
  writable: ReadonlyArray<string>,
  currency: Currency | undefined
): Effect.Effect<SimulationView> =>
  Effect.gen(function*() {
    const addresses = writable.slice(0, 64)
    const before = yield* chain.call(chainId, "getMultipleAccounts", [addresses, { encoding: "base64" }]).pipe(Effect.flatMap(Schema.decodeUnknownEffect(Before)))
    const after = yield* chain.call(chainId, "simulateTransaction", [
      base64.encode(wire),
      { encoding: "base64", sigVerify: false, replaceRecentBlockhash: true, accounts: { addresses, encoding: "base64" } }
    ]).pipe(Effect.flatMap(Schema.decodeUnknownEffect(After)))
    if (after.value.err !== null) return { status: "reverted", reason: JSON.stringify(after.value.err).slice(0, 500) } satisfies SimulationView
    const posts = after.value.accounts ?? []
    const changes = addresses.flatMap((address, index) => {
      const pre = stateOf(before.value[index] ?? null)
      const post = stateOf(posts[index] ?? null)
      const sol = address === owner && post.lamports !== pre.lamports
        ? [{ asset: currency?.symbol ?? "SOL", amount: signed(post.lamports - pre.lamports, formatAmount(post.lamports > pre.lamports ? post.lamports - pre.lamports : pre.lamports - post.lamports, currency, "solana")) }]
        : []
      const token = post.token ?? pre.token
      const delta = (post.token?.amount ?? 0n) - (pre.token?.amount ?? 0n)
      const tokens = token !== undefined && token.owner === owner && delta !== 0n
        ? [{ asset: token.mint, amount: signed(delta, `${delta < 0n ? -delta : delta} (base units)`) }]
        : []
      return [...sol, ...tokens]
    })
    return { status: "done", changes } satisfies SimulationView
  }).pipe(Effect.orElseSucceed((): SimulationView => ({ status: "unavailable" })))
