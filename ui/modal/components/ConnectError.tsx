/**
 * How a failed connect reads: what went wrong in the visitor's language (or our `detail`, already
 * translated) under the spec's heading for its kind.
 */
import type { Attempt } from "../../../core/features/ConnectAttempt.ts"
import { useModalContext } from "../ModalContext.ts"
import { errorText } from "./errorText.ts"

export function ConnectError({ attempt, detail }: { readonly attempt: Extract<Attempt, { readonly _tag: "Failed" }>; readonly detail?: string }) {
  const { t } = useModalContext()
  const declined = attempt.error._tag === "UserRejectedRequestError"
  return (
    <div role="alert" className="center">
      <strong className="error">{declined ? t("connectionDeclined") : t("connectionFailed")}</strong>
      <span className="muted">{detail ?? errorText(attempt.error, t)}</span>
    </div>
  )
}
