/**
 * The headless hooks as a host's own UI uses them, with the real engine and connectors behind them and a
 * test wallet announced over EIP-6963: the wallet list, connect by id, the connecting state, a declined
 * request and the account data, all without Portico's modal ever mounting.
 */
import { useEffect } from "react"
import { render } from "vitest-browser-react"
import { afterEach, describe, expect, it } from "vitest"
import type { PorticoConfig } from "../../../core/Config.ts"
import {
  type ConnectControls,
  type ConnectionStatus,
  PorticoProvider,
  useAccountData,
  useConnect,
  useConnectionState,
  useWallets,
  type WalletsView
} from "../../../ui/react/index.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { baseConfig, modalHost, until } from "../support/render.tsx"

let wallet: TestWallet | undefined

afterEach(() => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
})

/** What the host's UI last rendered, and every connection state it went through. */
const seen: {
  wallets?: WalletsView
  connect?: ConnectControls
  states: Array<ConnectionStatus["status"]>
  state?: ConnectionStatus
  account?: ReturnType<typeof useAccountData>["data"]
} = { states: [] }

function CustomUi() {
  const wallets = useWallets()
  const connect = useConnect()
  const { state } = useConnectionState()
  const { data } = useAccountData()
  useEffect(() => {
    seen.wallets = wallets
    seen.connect = connect
    seen.account = data
  }, [wallets, connect, data])
  useEffect(() => {
    seen.state = state
    if (seen.states.at(-1) !== state.status) seen.states.push(state.status)
  }, [state])
  return <p data-testid="custom">{state.status}</p>
}

const renderCustomUi = async (config: Partial<PorticoConfig> = {}) => {
  localStorage.clear()
  seen.states = []
  await render(
    <PorticoProvider config={{ ...baseConfig, ...config }}>
      <CustomUi />
    </PorticoProvider>
  )
  return until(() => seen.wallets?.status === "ready" && seen.wallets, 30_000)
}

const testWallet = () => until(() => seen.wallets?.wallets.find((entry) => entry.name === "Test Wallet"))

describe("headless hooks", () => {
  it("useWallets lists the announced wallet as installed, with its icon as data and its connect method", async () => {
    wallet = announceTestWallet()
    await renderCustomUi()
    const entry = await testWallet()
    expect(entry).toMatchObject({ installed: true, label: "installed", namespaces: ["eip155"], methods: ["injected"] })
    expect(entry.icon).toMatch(/^data:image\/png;base64,/)
    expect(modalHost()).toBeNull()
  })

  it("lists WalletConnect as its own entry when the host configured it", async () => {
    wallet = announceTestWallet()
    await renderCustomUi({ projectId: "portico-test", relayUrl: "ws://127.0.0.1:1" })
    await testWallet()
    const names = (seen.wallets?.wallets ?? []).map((entry) => entry.name)
    expect(names).toEqual(["Test Wallet", "WalletConnect"])
    expect(seen.wallets?.wallets[1]?.methods).toEqual(["walletConnect"])
  })

  it("connects by wallet id: the state walks from waiting for approval to connected, and the account data follows", async () => {
    wallet = announceTestWallet()
    await renderCustomUi()
    const entry = await testWallet()
    const result = seen.connect?.connect({ walletId: entry.id })
    await until(() => seen.state?.status === "waitingForApproval")
    expect(seen.state).toMatchObject({ status: "waitingForApproval", wallet: { id: entry.id, name: "Test Wallet" } })
    await wallet.prompted()
    wallet.approve()
    expect(await result).toEqual({ status: "connected", namespace: "eip155", address: wallet.address, caipNetworkId: "eip155:1" })
    await until(() => seen.state?.status === "connected")
    expect(seen.states).toEqual(["idle", "waitingForApproval", "connected"])
    const account = await until(() => seen.account)
    expect(account.account.address).toBe(wallet.address)
    expect(account.allAccounts.map((each) => each.address)).toEqual([wallet.address])
    // The modal never mounted: the host's own UI did it all.
    expect(modalHost()).toBeNull()
  })

  it("a declined request gives the typed declined state and result; retry asks the wallet again", async () => {
    wallet = announceTestWallet()
    await renderCustomUi()
    const entry = await testWallet()
    const result = seen.connect?.connect({ walletId: entry.id })
    await wallet.prompted()
    wallet.reject()
    const declined = await result
    expect(declined?.status).toBe("declined")
    expect(declined?.status === "declined" ? declined.error._tag : undefined).toBe("UserRejectedRequestError")
    await until(() => seen.state?.status === "declined")
    expect(seen.state?.status === "declined" ? seen.state.error.code : undefined).toBe(4001)
    const retried = seen.connect?.retry()
    await until(() => seen.state?.status === "waitingForApproval")
    await wallet.prompted()
    wallet.approve()
    expect((await retried)?.status).toBe("connected")
  })

  it("an id that is not in the list fails with the typed ConnectorNotFound", async () => {
    await renderCustomUi()
    const result = await seen.connect?.connect({ walletId: "no-such-wallet" })
    expect(result?.status === "failed" ? result.error._tag : result?.status).toBe("ConnectorNotFound")
  })

  it("WalletConnect waits for its pairing in the connecting state; cancel returns to idle and the attempt ends cancelled", async () => {
    await renderCustomUi({ projectId: "portico-test", relayUrl: "ws://127.0.0.1:1" })
    const walletConnect = await until(() => seen.wallets?.wallets.find((entry) => entry.methods.includes("walletConnect")))
    const result = seen.connect?.connect({ walletId: walletConnect.id })
    await until(() => seen.state?.status === "connecting", 10_000)
    expect(seen.state).toMatchObject({ status: "connecting", wallet: { id: walletConnect.id, name: "WalletConnect" } })
    await seen.connect?.cancel()
    expect(await result).toEqual({ status: "cancelled" })
    await until(() => seen.state?.status === "idle")
  })
})
