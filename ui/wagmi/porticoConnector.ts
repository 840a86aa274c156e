/**
 * `portico/wagmi`: a wagmi 3 connector backed by Portico, so a wagmi app's hooks (useAccount,
 * useSendTransaction, useSignMessage, useSwitchChain, useSendCalls…) work with whatever EVM wallet the
 * visitor connected through Portico's modal. Connections and disconnections made either way show on
 * both sides: wagmi's connect opens the modal, the modal's connect reaches wagmi as a `connect` event,
 * and disconnecting through either ends the one session. After a reload wagmi's own `reconnect`
 * finds the session Portico restored.
 *
 * @example
 * ```ts
 * import { createConfig, http } from "@wagmi/core"
 * import { mainnet } from "viem/chains"
 * import { createPortico } from "portico"
 * import { porticoConnector } from "portico/wagmi"
 *
 * const portico = createPortico({ projectId, networks: [mainnet], metadata })
 * export const config = createConfig({ chains: [mainnet], connectors: [porticoConnector(portico)], transports: { [mainnet.id]: http() } })
 * ```
 */
import { ChainNotConfiguredError, createConnector } from "@wagmi/core"
import { getAddress, UserRejectedRequestError, type Address } from "viem"
import type { Eip1193Provider } from "../../app/HostProvider.ts"
import * as AccountList from "../../core/AccountList.ts"
import * as Caip from "../../core/Caip.ts"
import type { Portico, PorticoState } from "../web/createPortico.ts"

const evmChainId = (state: PorticoState): number | undefined => {
  const network = state.evm?.caipNetworkId
  return network === undefined ? undefined : Number(Caip.referenceOf(network))
}

/** Every EVM account the wallet exposes, the one the visitor made active first (what wagmi calls the account). */
const accountsOf = (state: PorticoState): ReadonlyArray<Address> =>
  state.evm === undefined ? [] : AccountList.activeFirst("eip155", state.evm.allAccounts, state.evm.address).map((address) => getAddress(address))

const sameAccounts = (a: ReadonlyArray<Address>, b: ReadonlyArray<Address>) => a.length === b.length && a.every((address, i) => address === b[i])

/** Resolves with the EVM account once the visitor connected one, or rejects once the modal closed without. */
const connection = (portico: Portico) =>
  new Promise<PorticoState>((resolve, reject) => {
    let opened = false
    const settle = (state: PorticoState) => {
      opened ||= state.modalOpen
      if (state.evm !== undefined) {
        unsubscribe()
        resolve(state)
      } else if (opened && !state.modalOpen) {
        unsubscribe()
        reject(new UserRejectedRequestError(new Error("The visitor closed Portico's modal without connecting an EVM wallet")))
      }
    }
    const unsubscribe = portico.subscribe(settle)
  })

/**
 * A wagmi 3 connector for `portico`: connecting opens the modal, and connections made in the modal
 * reach wagmi (and wagmi's disconnects reach the modal).
 *
 * @example
 * ```ts
 * const portico = createPortico(config)
 * const wagmiConfig = createConfig({ chains: [mainnet], connectors: [porticoConnector(portico)], transports, multiInjectedProviderDiscovery: false })
 * ```
 */
export const porticoConnector = (portico: Portico) =>
  createConnector<Eip1193Provider>((config) => {
    let unfollow: (() => void) | undefined
    let previous = portico.getState()
    /** Portico's state changes reach wagmi as its connector events. */
    const follow = () => {
      unfollow ??= portico.subscribe((state) => {
        const before = previous
        previous = state
        const chainId = evmChainId(state)
        if (state.evm === undefined && before.evm !== undefined) return config.emitter.emit("disconnect")
        if (state.evm === undefined || chainId === undefined) return
        if (before.evm === undefined) return config.emitter.emit("connect", { accounts: accountsOf(state), chainId })
        if (!sameAccounts(accountsOf(state), accountsOf(before))) config.emitter.emit("change", { accounts: accountsOf(state) })
        if (state.evm.caipNetworkId !== before.evm.caipNetworkId) config.emitter.emit("change", { chainId })
      })
    }
    return {
      id: "portico",
      name: "Portico",
      type: "portico",
      async setup() {
        follow()
      },
      async connect(parameters) {
        follow()
        await portico.ready
        let state = portico.getState()
        if (state.evm === undefined) {
          // A reconnect never prompts: without a restored session there is nothing to reconnect.
          if (parameters?.isReconnecting === true) throw new UserRejectedRequestError(new Error("No Portico session to reconnect"))
          const connected = connection(portico)
          await portico.open()
          state = await connected
        }
        let chainId = evmChainId(state) ?? 0
        if (parameters?.chainId !== undefined && parameters.chainId !== chainId) chainId = (await this.switchChain?.({ chainId: parameters.chainId }))?.id ?? chainId
        previous = portico.getState()
        // wagmi's capability-carrying form is not offered by this connector: plain accounts either way.
        return { accounts: accountsOf(state), chainId } as never
      },
      async disconnect() {
        await portico.disconnect("eip155")
      },
      async getAccounts() {
        await portico.ready
        return accountsOf(portico.getState())
      },
      async getChainId() {
        await portico.ready
        const chainId = evmChainId(portico.getState())
        return chainId ?? config.chains[0].id
      },
      async getProvider() {
        return portico.evmProvider
      },
      async isAuthorized() {
        await portico.ready
        return portico.getState().evm !== undefined
      },
      async switchChain({ chainId }) {
        if (!config.chains.some((candidate) => candidate.id === chainId)) throw new ChainNotConfiguredError()
        // The wallet decides where it lands: wagmi follows that, not the chain it asked for.
        const landed = Number(Caip.referenceOf(await portico.switchNetwork(`eip155:${chainId}`)))
        config.emitter.emit("change", { chainId: landed })
        const chain = config.chains.find((candidate) => candidate.id === landed)
        if (chain === undefined) throw new ChainNotConfiguredError()
        return chain
      },
      onAccountsChanged(accounts) {
        config.emitter.emit("change", { accounts: accounts.map((account) => getAddress(account)) })
      },
      onChainChanged(chainId) {
        config.emitter.emit("change", { chainId: Number(chainId) })
      },
      onDisconnect() {
        config.emitter.emit("disconnect")
      }
    }
  })
