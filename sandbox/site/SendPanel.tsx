import { useState } from "react"
import { errorMessage, type ConnectedAccount } from "./ConnectedAccount.ts"

type Result =
  | { readonly kind: "idle" }
  | { readonly kind: "pending" }
  | { readonly kind: "sent"; readonly id: string; readonly to: string; readonly amount: string }
  | { readonly kind: "failed"; readonly message: string }

export const SendPanel = ({ account, onSent }: { readonly account: ConnectedAccount; readonly onSent: () => void }) => {
  const [result, setResult] = useState<Result>({ kind: "idle" })
  return (
    <section className="card" aria-labelledby="send-title">
      <h2 id="send-title">Send</h2>
      <p className="muted">A small transfer to another sandbox demo account.</p>
      <button
        type="button"
        disabled={result.kind === "pending"}
        onClick={() => {
          setResult({ kind: "pending" })
          account.sendToDemoAccount().then(
            (sent) => {
              setResult({ kind: "sent", ...sent })
              onSent()
            },
            (error: unknown) => setResult({ kind: "failed", message: errorMessage(error) })
          )
        }}
      >
        Send
      </button>
      {result.kind === "pending" ? <p className="muted">Waiting for the wallet and the chain…</p> : null}
      {result.kind === "sent" ? (
        <p data-testid="sent">
          Sent {result.amount} to <span className="mono">{result.to}</span>: <span className="mono">{result.id}</span>
        </p>
      ) : null}
      {result.kind === "failed" ? <p role="alert" className="error">{result.message}</p> : null}
    </section>
  )
}
