/**
 * An email address being typed for the embedded wallet (connect, or update): checked against the spec's
 * format as typed (§5), sent once, with the failure the engine answers kept for the view.
 */
import { useState } from "react"
import * as Email from "../../../core/EmailFormat.ts"
import { asFailure, type Failure } from "./asFailure.ts"

export const useEmailForm = (send: (email: string) => Promise<void>) => {
  const [email, setEmail] = useState("")
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [busy, setBusy] = useState(false)
  const trimmed = email.trim()
  const invalid = trimmed !== "" && !Email.isValid(trimmed)
  const submit = () => {
    if (invalid || trimmed === "") return
    setFailure(undefined)
    setBusy(true)
    send(email).then(
      () => setBusy(false),
      (cause: unknown) => {
        setBusy(false)
        setFailure(asFailure(cause))
      }
    )
  }
  return { email, setEmail, invalid, failure, busy, ready: !busy && !invalid && trimmed !== "", submit }
}
