/**
 * The networks the account may switch to (core's Network.offered), each with its icon and testnet tag, under a heading, the current one
 * marked in words and for assistive technology (`aria-current`); choosing another asks the wallet to move.
 */
import * as Network from "../../../core/Network.ts"
import type * as Session from "../../../core/Session.ts"
import { NetworkLabel } from "../components/NetworkLabel.tsx"
import { startShown, useModalContext } from "../ModalContext.ts"

export function NetworkPicker({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const choices = Network.offered(engine.config.networks, account.namespace)
  if (choices.length === 0) return null
  return (
    <section className="networks" aria-labelledby="portico-networks-heading">
      <h3 id="portico-networks-heading" className="group-heading">{t("network")}</h3>
      <div className="network-list" role="group" aria-label={t("network")}>
        {choices.map((candidate) => {
          const current = candidate.caipNetworkId === account.caipNetworkId
          return (
            <button
              key={candidate.caipNetworkId}
              type="button"
              className="network-choice"
              aria-current={current ? "true" : undefined}
              data-network-choice={candidate.caipNetworkId}
              onClick={() => {
                if (!current) startShown(engine.switchNetwork(candidate.caipNetworkId))
              }}
            >
              <NetworkLabel network={candidate} />
              {current ? <span className="tag" data-current-network="">{t("networkCurrent")}</span> : null}
            </button>
          )
        })}
      </div>
    </section>
  )
}
