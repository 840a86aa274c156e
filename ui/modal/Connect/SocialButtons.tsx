/**
 * The social method of Connect (spec §2, §9 the socials): the first providers as buttons, the rest behind
 * "More". A click opens the provider's window at once (so no popup blocker stops it) and points it at the
 * authorization URL the frame makes; without a popup, the page itself goes to the provider and comes back.
 */
import { useState } from "react"
import type { SocialProvider } from "../../../core/SocialProvider.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { useModalContext } from "../ModalContext.ts"

/** Buttons shown before "More". */
const shownFirst = 3

const names: Readonly<Record<SocialProvider, string>> = {
  google: "Google",
  x: "X",
  discord: "Discord",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook"
}

export function SocialButtons({ providers }: { readonly providers: ReadonlyArray<SocialProvider> }) {
  const { engine, t } = useModalContext()
  const [expanded, setExpanded] = useState(false)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const shown = expanded ? providers : providers.slice(0, shownFirst)

  const start = (provider: SocialProvider) => {
    setFailure(undefined)
    const popup = globalThis.open("", "portico-social", "popup,width=480,height=640")
    if (popup === null) {
      // Popup blocked: the page itself goes to the provider, and restores the login when it comes back.
      engine.connectSocial(provider, "redirect").then((url) => globalThis.location.assign(url), (cause: unknown) => setFailure(asFailure(cause)))
      return
    }
    // The popup keeps its opener: our server's last page in it hands the sign-in's completion code to the
    // wallet's frame of this page (posted for the wallet's origin only), which is how the login is bound to
    // the browser that started it.
    engine.connectSocial(provider, "popup").then(
      (url) => {
        popup.location.href = url
      },
      (cause: unknown) => {
        popup.close()
        setFailure(asFailure(cause))
      }
    )
  }

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
    </div>
  )
}

export const socialName = (provider: SocialProvider): string => names[provider]
