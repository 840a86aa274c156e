/**
 * What a host's own code talks to: an EIP-1193 provider for the connected EVM account (viem's
 * `custom()`, wagmi's injected connector, ethers' BrowserProvider) and a signer for the Solana one.
 * Account and chain queries answer from the session; everything else goes to the visitor's wallet.
 */
import * as AccountList from "../core/AccountList.ts"
import * as CaipParts from "../core/CaipParts.ts"
import type * as Session from "../core/Session.ts"
import type { Engine } from "./Engine.ts"
import type * as Snapshot from "./Snapshot.ts"

export interface Eip1193Provider {
  readonly request: (args: { readonly method: string; readonly params?: unknown }) => Promise<unknown>
  readonly on: (event: "accountsChanged" | "chainChanged" | "disconnect", listener: (value: unknown) => void) => void
  readonly removeListener: (event: "accountsChanged" | "chainChanged" | "disconnect", listener: (value: unknown) => void) => void
}

export interface SolanaSigner {
  readonly address: () => string | undefined
  readonly signMessage: (message: Uint8Array) => Promise<Uint8Array>
  readonly signTransaction: (transaction: Uint8Array) => Promise<Uint8Array>
  readonly signAndSendTransaction: (transaction: Uint8Array) => Promise<Uint8Array>
}

type LoadEngine = () => Promise<Engine>

type EvmEvent = "accountsChanged" | "chainChanged" | "disconnect"

/**
 * Account and chain queries answer from the snapshot while an account is connected; everything else
 * (and those queries without an account, which the engine refuses with a 4100 `UnauthorizedError`)
 * goes to the engine. Events follow the snapshot only while someone listens.
 */
export const evmProvider = (snapshot: Snapshot.Store, loadEngine: LoadEngine): Eip1193Provider => {
  const listeners = new Map<EvmEvent, Set<(value: unknown) => void>>()
  const emit = (event: EvmEvent, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value))
  let previous = snapshot.get().session.eip155
  let unsubscribe: (() => void) | undefined
  const follow = () => {
    const next = snapshot.get().session.eip155
    if (next === previous) return
    const accounts = reported(next)
    const before = reported(previous)
    if (accounts.length !== before.length || accounts.some((address, i) => address !== before[i])) emit("accountsChanged", accounts)
    if (next !== undefined && next.caipNetworkId !== previous?.caipNetworkId) emit("chainChanged", hexOf(next.caipNetworkId))
    if (next === undefined && previous !== undefined) emit("disconnect", { code: 4900, message: "Disconnected" })
    previous = next
  }
  const listening = () => [...listeners.values()].some((set) => set.size > 0)
  return {
    request: async (args) => {
      const account = snapshot.get().session.eip155
      if (args.method === "eth_accounts") return reported(account)
      if (account !== undefined && args.method === "eth_requestAccounts") return reported(account)
      if (account !== undefined && args.method === "eth_chainId") return hexOf(account.caipNetworkId)
      return (await loadEngine()).request("eip155", args)
    },
    on: (event, listener) => {
      if (!listening()) {
        previous = snapshot.get().session.eip155
        unsubscribe = snapshot.subscribe(follow)
      }
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
      if (listening()) return
      unsubscribe?.()
      unsubscribe = undefined
    }
  }
}

/** What the host's `eth_accounts` answers: every account the wallet exposes, the active one first (EIP-1193). */
const reported = (account: Session.SessionAccount | undefined): ReadonlyArray<string> =>
  account === undefined ? [] : AccountList.activeFirst("eip155", account.allAccounts, account.address)

const hexOf = (caipNetworkId: string) => `0x${Number.parseInt(CaipParts.referenceOf(caipNetworkId) || "0", 10).toString(16)}`

export const solanaSigner = (snapshot: Snapshot.Store, loadEngine: LoadEngine): SolanaSigner => {
  const call = async (method: string, params: Record<string, Uint8Array>, field: string) =>
    (await loadEngine()).requestBytes("solana", { method, params }, field)
  return {
    address: () => snapshot.get().session.solana?.address,
    signMessage: (message) => call("solana_signMessage", { message }, "signature"),
    signTransaction: (transaction) => call("solana_signTransaction", { transaction }, "signedTransaction"),
    signAndSendTransaction: (transaction) => call("solana_signAndSendTransaction", { transaction }, "signature")
  }
}
