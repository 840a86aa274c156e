/**
 * What a host's own code talks to: an EIP-1193 provider for the connected EVM account (viem's
 * `custom()`, wagmi's injected connector, ethers' BrowserProvider) and a signer for the Solana one.
 * Account and chain queries answer from the session; everything else goes to the visitor's wallet.
 */
import type * as Connector from "../Connector.ts"
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

const unauthorized = { code: 4100, message: "Unauthorized: no account is connected" }

export const evmProvider = (snapshot: Snapshot.Store, loadEngine: LoadEngine): Eip1193Provider => {
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const emit = (event: string, value: unknown) => listeners.get(event)?.forEach((listener) => listener(value))
  let previous = snapshot.get().session.eip155
  snapshot.subscribe(() => {
    const next = snapshot.get().session.eip155
    if (next === previous) return
    if (next?.address !== previous?.address) emit("accountsChanged", next === undefined ? [] : [next.address])
    if (next !== undefined && next.caipNetworkId !== previous?.caipNetworkId) emit("chainChanged", hexOf(next.caipNetworkId))
    if (next === undefined && previous !== undefined) emit("disconnect", { code: 4900, message: "Disconnected" })
    previous = next
  })
  return {
    request: async (args) => {
      const account = snapshot.get().session.eip155
      switch (args.method) {
        case "eth_accounts":
          return account === undefined ? [] : [account.address]
        case "eth_requestAccounts":
          if (account === undefined) throw unauthorized
          return [account.address]
        case "eth_chainId":
          if (account === undefined) throw unauthorized
          return hexOf(account.caipNetworkId)
        default:
          return (await loadEngine()).request("eip155", args)
      }
    },
    on: (event, listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event, listener) => {
      listeners.get(event)?.delete(listener)
    }
  }
}

const hexOf = (caipNetworkId: string) => `0x${Number.parseInt(caipNetworkId.split(":")[1] ?? "0", 10).toString(16)}`

const bytes = (value: unknown): Uint8Array => {
  if (value instanceof Uint8Array) return value
  throw new Error("The wallet answered without bytes")
}

export const solanaSigner = (snapshot: Snapshot.Store, loadEngine: LoadEngine): SolanaSigner => {
  const call = async (method: string, params: Record<string, Uint8Array>): Promise<Record<string, unknown>> => {
    const args: Connector.RequestArguments = { method, params }
    return (await (await loadEngine()).request("solana", args)) as Record<string, unknown>
  }
  return {
    address: () => snapshot.get().session.solana?.address,
    signMessage: async (message) => bytes((await call("solana_signMessage", { message }))["signature"]),
    signTransaction: async (transaction) =>
      bytes((await call("solana_signTransaction", { transaction }))["signedTransaction"]),
    signAndSendTransaction: async (transaction) =>
      bytes((await call("solana_signAndSendTransaction", { transaction }))["signature"])
  }
}
