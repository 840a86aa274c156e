/**
 * Starting a social login from a click (Connect's buttons, or "Try again" after a failed one): the
 * provider's window opens in the click itself, then goes to the authorization URL the frame makes; when
 * the browser blocks it, the page itself goes to the provider and the login resumes when it comes back.
 * A closed window is reported to the engine, which decides whether the attempt ended.
 */
import { useState } from "react"
import { openSocialPopup } from "../../../app/SocialPopup.ts"
import type { SocialProvider } from "../../../core/SocialProvider.ts"
import { useStage } from "../StageContext.ts"
import { asFailure, type Failure } from "./asFailure.ts"

export const useSocialLogin = () => {
  const { stage } = useStage()
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const start = (provider: SocialProvider) => {
    setFailure(undefined)
    const popup = openSocialPopup(() => void stage.socialWindowClosed())
    if (popup === undefined) {
      stage.connectSocial(provider, "redirect").then((url) => globalThis.location.assign(url), (cause: unknown) => setFailure(asFailure(cause)))
      return
    }
    stage.connectSocial(provider, "popup").then(popup.navigate, (cause: unknown) => {
      popup.close()
      setFailure(asFailure(cause))
    })
  }
  return { start, failure }
}
