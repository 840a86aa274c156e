/**
 * The Account view's way to the Permissions view, shown only for an EVM account whose wallet lists a
 * permission it granted this site (`wallet_getGrantedExecutionPermissions`). A wallet that does not
 * speak ERC-7715 answers with a refusal: it has nothing to list, so there is no entry, and nothing to tell.
 * The Account view keys it by account and network, so another account asks again from a clean state.
 */
import { useEffect, useState } from "react"
import { settle } from "../../../app/Action.ts"
import type * as Session from "../../../core/Session.ts"
import { preloadFeatureView } from "../FeatureView.tsx"
import { useModalContext } from "../ModalContext.ts"

export function PermissionsEntry({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const [granted, setGranted] = useState(false)
  const evm = account.namespace === "eip155"
  useEffect(() => {
    if (!evm) return
    let live = true
    settle(engine.permissions.any(), (any) => {
      if (live) setGranted(any)
    }, () => {
      if (live) setGranted(false)
    })
    return () => {
      live = false
    }
  }, [engine, evm])
  if (!granted) return null
  return (
    <div className="actions">
      <button
        type="button"
        className="secondary"
        data-permissions-entry=""
        onPointerEnter={() => preloadFeatureView("Permissions")}
        onFocus={() => preloadFeatureView("Permissions")}
        onClick={() => void engine.push({ view: "Permissions" })}
      >
        {t("permissions")}
      </button>
    </div>
  )
}
