/** UnsupportedChain: the wallet sits on a network the host did not request; offer the requested ones. */
import { useState } from "react"
import * as Session from "../../../core/Session.ts"
import { startShown, useEngineAtom, useModalContext } from "../ModalContext.ts"

export function UnsupportedChain() {
  const { engine, t } = useModalContext()
  const session = useEngineAtom(engine.atoms.session)
  const [switching, setSwitching] = useState<string | undefined>(undefined)
  const account = Session.activeAccount(session)
  const namespace = account?.namespace ?? "eip155"
  const choices = engine.config.networks.filter((network) => network.chainNamespace === namespace)
  return (
    <div className="center">
      <strong>{t("unsupportedChainTitle")}</strong>
      <p className="muted">{t("unsupportedChainBody")}</p>
      <ul className="list actions" aria-label={t("networks")}>
        {choices.map((network) => (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="secondary"
              aria-busy={switching === network.caipNetworkId}
              onClick={() => {
                setSwitching(network.caipNetworkId)
                startShown(engine.switchNetwork(network.caipNetworkId).finally(() => setSwitching(undefined)))
              }}
            >
              {switching === network.caipNetworkId ? t("switching") : t("switchTo", { network: network.name })}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="secondary" onClick={() => startShown(engine.disconnect())}>{t("disconnect")}</button>
    </div>
  )
}
