import { useState } from "react"
import { errorMessage, type ConnectedAccount } from "./ConnectedAccount.ts"

type Result = { readonly kind: "idle" } | { readonly kind: "pending" } | { readonly kind: "signed"; readonly signature: string } | { readonly kind: "failed"; readonly message: string }

export const SignMessage = ({ account }: { readonly account: ConnectedAccount }) => {
  const [text, setText] = useState("Hello from the Portico demo dapp")
  const [result, setResult] = useState<Result>({ kind: "idle" })
  return (
    <section className="card" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign a message</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          setResult({ kind: "pending" })
          account.signMessage(text).then(
            (signature) => setResult({ kind: "signed", signature }),
            (error: unknown) => setResult({ kind: "failed", message: errorMessage(error) })
          )
        }}
      >
        <label>
          Message
          <input value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        <button type="submit" disabled={result.kind === "pending"}>Sign message</button>
      </form>
      {result.kind === "pending" ? <p className="muted">Waiting for the wallet…</p> : null}
      {result.kind === "signed" ? <p data-testid="signature" className="mono">{result.signature}</p> : null}
      {result.kind === "failed" ? <p role="alert" className="error">{result.message}</p> : null}
    </section>
  )
}
