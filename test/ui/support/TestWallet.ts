/**
 * A browser wallet for component tests: an EIP-1193 provider announced over EIP-6963, whose
 * approvals the test decides (approve, or reject with 4001 as real wallets do). It stands in for
 * the visitor's wallet extension, the one party outside Portico.
 */
export interface TestWalletOptions {
  readonly name?: string
  readonly rdns?: string
  readonly icon?: string
  readonly address?: string
  readonly chainId?: number
  /** Chains `wallet_switchEthereumChain` accepts. */
  readonly chains?: ReadonlyArray<number>
  /** ERC-7715: what `wallet_getGrantedExecutionPermissions` answers (unsupported without it). */
  readonly grantedPermissions?: () => ReadonlyArray<unknown>
}

type Listener = (value: unknown) => void

export interface TestWallet {
  readonly address: string
  readonly requests: Array<{ readonly method: string; readonly params?: unknown }>
  /** Settles the pending approval (eth_requestAccounts, personal_sign, eth_signTypedData_v4). */
  readonly approve: () => void
  readonly reject: () => void
  /** Resolves once the wallet is waiting for the visitor. */
  readonly prompted: () => Promise<void>
  readonly chainId: () => number
  readonly stop: () => void
}

const onePixelPng =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

export const announceTestWallet = (options: TestWalletOptions = {}): TestWallet => {
  const address = options.address ?? "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
  let chainId = options.chainId ?? 1
  let authorised = false
  const requests: TestWallet["requests"] = []
  const listeners = new Map<string, Set<Listener>>()
  let pending: { readonly resolve: () => void; readonly reject: () => void } | undefined
  let onPrompt: (() => void) | undefined

  const ask = () =>
    new Promise<void>((resolve, reject) => {
      pending = {
        resolve,
        reject: () => reject(Object.assign(new Error("User rejected the request."), { code: 4001 }))
      }
      onPrompt?.()
    })

  const provider = {
    request: async ({ method, params }: { readonly method: string; readonly params?: unknown }): Promise<unknown> => {
      requests.push(params === undefined ? { method } : { method, params })
      switch (method) {
        case "eth_requestAccounts":
          if (!authorised) await ask()
          authorised = true
          return [address]
        case "eth_accounts":
          return authorised ? [address] : []
        case "eth_chainId":
          return `0x${chainId.toString(16)}`
        case "wallet_switchEthereumChain": {
          const [{ chainId: wanted }] = params as [{ chainId: string }]
          const next = Number.parseInt(wanted, 16)
          if (!(options.chains ?? [chainId]).includes(next)) throw { code: 4902, message: "Unrecognized chain ID" }
          chainId = next
          listeners.get("chainChanged")?.forEach((listener) => listener(wanted))
          return null
        }
        case "wallet_revokePermissions":
          authorised = false
          return null
        case "personal_sign":
        case "eth_signTypedData_v4":
          await ask()
          return `0x${"ab".repeat(65)}`
        case "wallet_getGrantedExecutionPermissions":
          if (options.grantedPermissions === undefined) throw { code: 4200, message: `Unsupported method ${method}` }
          return options.grantedPermissions()
        default:
          throw { code: 4200, message: `Unsupported method ${method}` }
      }
    },
    on: (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener: (event: string, listener: Listener) => {
      listeners.get(event)?.delete(listener)
    }
  }

  const detail = Object.freeze({
    info: Object.freeze({
      uuid: crypto.randomUUID(),
      name: options.name ?? "Test Wallet",
      icon: options.icon ?? onePixelPng,
      rdns: options.rdns ?? "dev.portico.test"
    }),
    provider
  })
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail }))
  window.addEventListener("eip6963:requestProvider", announce)
  announce()

  return {
    address,
    requests,
    approve: () => {
      const current = pending
      pending = undefined
      current?.resolve()
    },
    reject: () => {
      const current = pending
      pending = undefined
      current?.reject()
    },
    prompted: () =>
      new Promise<void>((resolve) => {
        if (pending !== undefined) return resolve()
        onPrompt = resolve
      }),
    chainId: () => chainId,
    stop: () => window.removeEventListener("eip6963:requestProvider", announce)
  }
}
