/**
 * Renders Portico as a host would (provider + button + a status line from the public hooks) and
 * reaches into the modal's shadow root. Storage is cleared first: each test starts as a new visitor.
 */
import { useEffect } from "react"
import { render } from "vitest-browser-react"
import type { PorticoConfig } from "../../../core/Config.ts"
import type { Network } from "../../../core/Network.ts"
import { ConnectButton, PorticoProvider, useAccount, useDisconnect, useEvmProvider, useModal, useNetwork } from "../../../ui/react/index.ts"

export const mainnet: Network = {
  id: 1,
  caipNetworkId: "eip155:1",
  chainNamespace: "eip155",
  name: "Ethereum",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://rpc.invalid"] } },
  blockExplorers: { default: { name: "Etherscan", url: "https://etherscan.io" } }
}

export const optimism: Network = {
  id: 10,
  caipNetworkId: "eip155:10",
  chainNamespace: "eip155",
  name: "OP Mainnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["https://rpc.invalid"] } }
}

export const baseConfig: PorticoConfig = {
  projectId: "",
  networks: [mainnet, optimism],
  metadata: { name: "Test host", description: "Component tests", url: "https://host.invalid", icons: [] }
}

/** What the host's code gets from the hooks, handed to the test. */
export const host: {
  provider?: ReturnType<typeof useEvmProvider>
  network?: ReturnType<typeof useNetwork>
  disconnect?: ReturnType<typeof useDisconnect>
  modal?: ReturnType<typeof useModal>
} = {}

const HostStatus = () => {
  const account = useAccount()
  const network = useNetwork()
  const provider = useEvmProvider()
  const disconnect = useDisconnect()
  const modal = useModal()
  useEffect(() => {
    host.provider = provider
    host.network = network
    host.disconnect = disconnect
    host.modal = modal
  }, [provider, network, disconnect, modal])
  return (
    <p data-testid="host-status">
      {account.address === undefined ? "disconnected" : `${account.namespace} ${account.address} ${network.caipNetworkId ?? ""}`}
    </p>
  )
}

export const renderPortico = async (config: Partial<PorticoConfig> = {}) => {
  localStorage.clear()
  const screen = await render(
    <PorticoProvider config={{ ...baseConfig, ...config }}>
      <ConnectButton />
      <HostStatus />
    </PorticoProvider>
  )
  return screen
}

export const modalHost = (): HTMLElement | null => document.querySelector("portico-modal")

export const shadow = (): ShadowRoot => {
  const root = modalHost()?.shadowRoot
  if (root === null || root === undefined) throw new Error("The modal's shadow root is not there")
  return root
}

export const dialog = (): HTMLElement | null => modalHost()?.shadowRoot?.querySelector<HTMLElement>("[role='dialog']") ?? null

/** Polls until `check` returns a value (not undefined/null/false). */
export const until = async <A,>(check: () => A | undefined | null | false, timeout = 5_000): Promise<A> => {
  const start = performance.now()
  for (;;) {
    const value = check()
    if (value !== undefined && value !== null && value !== false) return value
    if (performance.now() - start > timeout) throw new Error(`Timed out after ${timeout} ms waiting for ${check.toString()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export const view = async (name: string) => until(() => dialog()?.getAttribute("data-view") === name && dialog(), 10_000)

export const button = (label: string | RegExp): HTMLButtonElement | undefined =>
  [...(modalHost()?.shadowRoot?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find((candidate) =>
    typeof label === "string"
      ? (candidate.getAttribute("aria-label") ?? candidate.textContent ?? "").trim() === label
      : label.test(candidate.getAttribute("aria-label") ?? candidate.textContent ?? "")
  )

export const hostStatus = () => document.querySelector("[data-testid='host-status']")?.textContent ?? ""

/** Clicks the connect button and waits for the dialog (the lobby's, for a visitor not connected: app/Lobby.ts). */
export const openLobby = async () => {
  const trigger = document.querySelector<HTMLButtonElement>("[data-portico-button]")
  if (trigger === null) throw new Error("No connect button")
  trigger.click()
  // The first click of a test file loads the dialog's chunks through Vite: slow on a busy machine.
  return until(() => dialog(), 30_000)
}

/**
 * Opens the modal as a visitor who then heads for a choice: the engine takes the lobby's dialog over (at
 * once when it already ran it). Resolves with the dialog once the engine runs it.
 */
export const openModal = async () => {
  const opened = await openLobby()
  opened.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }))
  // The engine's chunks load through Vite on the first lean of a test file: slow on a busy machine.
  return until(() => dialog()?.getAttribute("data-stage") === "engine" && dialog(), 30_000)
}

/** Connects a test wallet from the Connect view (approving its prompt) and waits for the modal to close. */
export const connectTestWallet = async (wallet: { readonly prompted: () => Promise<void>; readonly approve: () => void }) => {
  await openModal()
  ;(await until(() => button(/Test Wallet/))).click()
  await wallet.prompted()
  wallet.approve()
  await until(() => dialog() === null)
}
