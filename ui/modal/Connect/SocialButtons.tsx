/**
 * The social method of Connect (spec §2, §9 the socials): the first providers as buttons, the rest behind
 * "More"; a click starts the login in the provider's window (useSocialLogin), or Sign In With Farcaster
 * (ConnectingFarcaster shows its link).
 */
import { useState } from "react"
import type { LoginProvider } from "../../../core/SocialProvider.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { useSocialLogin } from "../components/useSocialLogin.ts"
import { WalletWindowOffer } from "../components/WalletWindowOffer.tsx"
import { useStage } from "../StageContext.ts"

/** Buttons shown before "More". */
const shownFirst = 3

const names: Readonly<Record<LoginProvider, string>> = {
  google: "Google",
  x: "X",
  discord: "Discord",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook",
  farcaster: "Farcaster"
}

export function SocialButtons({ providers }: { readonly providers: ReadonlyArray<LoginProvider> }) {
  const { stage, t } = useStage()
  const [expanded, setExpanded] = useState(false)
  const social = useSocialLogin()
  const [farcasterFailure, setFarcasterFailure] = useState<Failure | undefined>(undefined)
  const start = (provider: LoginProvider) => {
    setFarcasterFailure(undefined)
    if (provider !== "farcaster") return social.start(provider)
    stage.connectFarcaster().catch((cause: unknown) => setFarcasterFailure(asFailure(cause)))
  }
  const failure = social.failure ?? farcasterFailure
  const shown = expanded ? providers : providers.slice(0, shownFirst)

  return (
    <div>
      <div className="socials" role="group" aria-label={t("socialLabel")}>
        {shown.map((provider) => (
          <button key={provider} type="button" className="secondary" data-social={provider} onClick={() => start(provider)}>
            {t("socialContinueWith", { provider: names[provider] })}
          </button>
        ))}
        {providers.length > shownFirst && !expanded
          ? <button type="button" className="secondary" data-social-more="" aria-expanded="false" onClick={() => setExpanded(true)}>{t("socialMore")}</button>
          : null}
      </div>
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      {/* Once the wallet runs in its window, the provider's sign-in is started again from these buttons. */}
      <WalletWindowOffer failure={failure} />
    </div>
  )
}

export const socialName = (provider: LoginProvider): string => names[provider]
