/**
 * The engine's part of the dialog (ui/modal/Shell.tsx draws the dialog and Connect): its stage, the views
 * past Connect, each reading the engine, and the toast. Fetched with the engine, when the visitor heads for
 * a choice in the lobby's dialog or opens the modal once the engine runs.
 */
import { useMemo } from "react"
import * as EngineStage from "../../app/EngineStage.ts"
import type { Engine } from "../../app/Engine.ts"
import type { Stage } from "../../app/Stage.ts"
import type { Route } from "../../core/ModalRoute.ts"
import { Account } from "./Account/Account.tsx"
import { Toast } from "./components/Toast.tsx"
import { ConnectingExternal } from "./ConnectingExternal/ConnectingExternal.tsx"
import { FeatureView, preloadFeatureView, prepareWalletConnect } from "./FeatureView.tsx"
import { ModalContext, type ModalContextValue } from "./ModalContext.ts"
import { type EngineViews, useStage } from "./StageContext.ts"

function View({ route }: { readonly route: Route }) {
  switch (route.view) {
    case "AllWallets":
      return <FeatureView name="AllWallets" />
    case "ConnectingExternal":
      return <ConnectingExternal connectorId={route.data?.connectorId ?? ""} />
    case "ConnectingWalletConnect":
      return <FeatureView name="ConnectingWalletConnect" />
    case "ConnectingWalletConnectBasic":
      return <FeatureView name="ConnectingWalletConnectBasic" />
    case "UnsupportedChain":
      return <FeatureView name="UnsupportedChain" />
    case "Account":
      return <Account />
    case "Receive":
      return <FeatureView name="Receive" />
    case "Send":
      return <FeatureView name="Send" />
    case "Swap":
      return <FeatureView name="Swap" />
    case "Buy":
      return <FeatureView name="Buy" />
    case "Permissions":
      return <FeatureView name="Permissions" />
    case "EmailVerifyOtp":
    case "UpdateEmailPrimaryOtp":
    case "UpdateEmailSecondaryOtp":
      return <FeatureView name="EmailVerifyOtp" />
    case "EmailVerifyDevice":
      return <FeatureView name="EmailVerifyDevice" />
    case "ConnectingSocial":
      return <FeatureView name="ConnectingSocial" />
    case "ConnectingFarcaster":
      return <FeatureView name="ConnectingFarcaster" />
    case "ApproveTransaction":
    case "EmbeddedWalletPanel":
      return <FeatureView name="EmbeddedWalletPanel" />
    case "UpdateEmailWallet":
      return <FeatureView name="UpdateEmailWallet" />
    case "RegisterAccountName":
      return <FeatureView name="RegisterAccountName" />
    case "RegisterAccountNameSuccess":
      return <FeatureView name="RegisterAccountNameSuccess" />
    case "SIWXSignMessage":
    case "ConnectingSiwe":
      return <FeatureView name="SignIn" />
    default:
      // Nothing pushes the other views (hosts may open only Connect, Account and AllWallets): nothing to render.
      return null
  }
}

/** What the views past Connect read: the engine, with the shell's words. */
const useEngineContext = (engine: Engine): ModalContextValue => {
  const { t, locale } = useStage()
  return useMemo(() => ({ engine, registry: engine.registry, t, locale }), [engine, t, locale])
}

export interface EngineParts extends EngineViews {
  readonly stage: Stage
}

const made = new WeakMap<Engine, EngineParts>()

/** The engine's stage and views, made once per engine (React keeps what they render across renders). */
export const parts = (engine: Engine): EngineParts => {
  const known = made.get(engine)
  if (known !== undefined) return known
  const stage = EngineStage.make({
    engine,
    prepare: (step) => {
      if (step === "AllWallets") preloadFeatureView("AllWallets")
      prepareWalletConnect(engine)
    }
  })
  const Body = ({ route }: { readonly route: Route }) => (
    <ModalContext.Provider value={useEngineContext(engine)}><View route={route} /></ModalContext.Provider>
  )
  const EngineToast = () => <ModalContext.Provider value={useEngineContext(engine)}><Toast /></ModalContext.Provider>
  const next: EngineParts = { stage, Body, Toast: EngineToast }
  made.set(engine, next)
  return next
}
