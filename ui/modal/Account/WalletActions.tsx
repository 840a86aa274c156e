/**
 * The wallet features as one compact row, in the spec's order (§9: onramp, swaps, receive, send), each an
 * icon over a short label, shown only where core says it works (WalletFeatures.visible).
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type * as Modal from "../../../core/Modal.ts"
import type * as Session from "../../../core/Session.ts"
import * as WalletFeatures from "../../../core/send/WalletFeatures.ts"
import type { MessageKey } from "../../i18n/en.ts"
import { ActionIcon, type ActionIconName } from "../components/ActionIcon.tsx"
import { type FeatureViewName, preloadFeatureView } from "../FeatureView.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

/** The view, label and icon of each wallet feature. */
const featureViews: Record<WalletFeatures.WalletFeature, { readonly view: Modal.View & FeatureViewName; readonly label: MessageKey; readonly icon: ActionIconName }> = {
  onramp: { view: "Buy", label: "buy", icon: "buy" },
  swaps: { view: "Swap", label: "swap", icon: "swap" },
  receive: { view: "Receive", label: "receive", icon: "receive" },
  send: { view: "Send", label: "send", icon: "send" }
}

export function WalletActions({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const swapNetworks = useEngineAtom(engine.atoms.swapNetworks)
  const swapsHere = WalletFeatures.swapsOffered(account.caipNetworkId, AsyncResult.isSuccess(swapNetworks) ? swapNetworks.value : undefined)
  const shown = WalletFeatures.visible(engine.config.resolvedFeatures, account.namespace, engine.timeZone(), swapsHere)
    .map((feature) => featureViews[feature])
  if (shown.length === 0) return null
  return (
    <div className="wallet-actions" role="group" aria-label={t("walletFeatures")}>
      {shown.map((feature) => (
        <button
          key={feature.view}
          type="button"
          className="wallet-action"
          data-feature={feature.view}
          // A touch fires pointerenter as well: pointer and focus are every kind of intent.
          onPointerEnter={() => preloadFeatureView(feature.view)}
          onFocus={() => preloadFeatureView(feature.view)}
          onClick={() => void engine.push({ view: feature.view })}
        >
          <ActionIcon name={feature.icon} />
          <span>{t(feature.label)}</span>
        </button>
      ))}
    </div>
  )
}
