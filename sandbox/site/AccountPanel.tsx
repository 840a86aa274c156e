import { useEffect, useState } from "react"
import type { CaipNetworkId } from "../../core/Caip.ts"
import * as Constants from "../../core/Constants.ts"
import * as Format from "../../core/Format.ts"
import { useNetwork } from "../../ui/react/index.ts"
import { errorMessage, type ConnectedAccount } from "./ConnectedAccount.ts"

interface Props {
  readonly account: ConnectedAccount
  /** Bumped after a send so the balance is read again. */
  readonly refresh: number
}

export const AccountPanel = ({ account, refresh }: Props) => {
  const { networks, switchNetwork } = useNetwork()
  // A balance belongs to one account, network and send count; until that one arrives, show a placeholder.
  const key = `${account.address}:${account.networkId}:${refresh}`
  const [balance, setBalance] = useState<{ readonly key: string; readonly text: string }>()
  const [switchError, setSwitchError] = useState<string>()
  useEffect(() => {
    let live = true
    account.balance().then(
      // Core's display rule: a balance is truncated (never rounded up) to 3 decimals.
      ({ amount, symbol }) => live && setBalance({ key, text: `${Format.truncate(amount, Constants.balanceDisplayDecimals)} ${symbol}` }),
      (error: unknown) => live && setBalance({ key, text: `unavailable (${errorMessage(error)})` })
    )
    return () => { live = false }
  }, [account, key])

  const choices = networks.filter((network) => network.chainNamespace === account.namespace)
  const current = choices.find((network) => network.caipNetworkId === account.networkId)
  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl className="facts">
        <dt>Wallet</dt>
        <dd>
          {account.walletIcon === undefined ? null : <img src={account.walletIcon} alt="" width={18} height={18} />} {account.walletName}
        </dd>
        <dt>Address</dt>
        <dd data-testid="account-address" className="mono">{account.address}</dd>
        <dt>Network</dt>
        <dd data-testid="account-network">
          {choices.length > 1 ? (
            <select
              aria-label="Network"
              value={account.networkId}
              onChange={(event) => {
                setSwitchError(undefined)
                switchNetwork(event.target.value as CaipNetworkId).catch((error: unknown) => setSwitchError(errorMessage(error)))
              }}
            >
              {current === undefined ? <option value={account.networkId}>{account.networkId}</option> : null}
              {choices.map((network) => (
                <option key={network.caipNetworkId} value={network.caipNetworkId}>{network.name}</option>
              ))}
            </select>
          ) : (
            current?.name ?? account.networkId
          )}
          {switchError === undefined ? null : <span role="alert" className="error"> {switchError}</span>}
        </dd>
        <dt>Balance</dt>
        <dd data-testid="account-balance">{balance?.key === key ? balance.text : "…"}</dd>
      </dl>
    </section>
  )
}
