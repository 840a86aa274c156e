/**
 * The demo dapp's login, as its backend sees it: after Portico's sign-in, the site asks its own server
 * who is signed in (`/demo/me`, answered from the verified session's cookie), never the page's state.
 */
import { useEffect, useState } from "react"
import { useSignIn } from "../../ui/react/index.ts"

type Login = { readonly kind: "checking" } | { readonly kind: "out" } | { readonly kind: "in"; readonly address: string; readonly chainId: string }

/** Asks the backend once per mount: the panel remounts it whenever Portico's sign-in session changes. */
const BackendLogin = ({ signOut }: { readonly signOut: () => Promise<void> }) => {
  const [login, setLogin] = useState<Login>({ kind: "checking" })
  const [failure, setFailure] = useState<string | undefined>(undefined)
  useEffect(() => {
    let live = true
    fetch("/demo/me", { credentials: "same-origin" }).then(async (response) => {
      const body: unknown = await response.json()
      if (!live) return
      const signedIn = response.ok && typeof body === "object" && body !== null && "address" in body && "chainId" in body
      setLogin(signedIn ? { kind: "in", address: String(body.address), chainId: String(body.chainId) } : { kind: "out" })
    }, () => live && setLogin({ kind: "out" }))
    return () => {
      live = false
    }
  }, [])
  return (
    <>
      {login.kind === "checking" ? <p className="muted">Asking the backend…</p> : null}
      {login.kind === "out" ? <p data-testid="signin-status">Not signed in</p> : null}
      {login.kind === "in"
        ? (
          <>
            <p data-testid="signin-status">signed in as <span className="mono">{login.address}</span></p>
            <p className="muted">Verified by the demo backend with portico/server ({login.chainId}).</p>
            <button type="button" onClick={() => signOut().then(() => setFailure(undefined), (error: unknown) => setFailure(String(error)))}>Sign out</button>
          </>
        )
        : null}
      {failure === undefined ? null : <p role="alert" className="error">{failure}</p>}
    </>
  )
}

export const SignInPanel = () => {
  const { session, signOut } = useSignIn()
  return (
    <section className="card" aria-labelledby="signin-title">
      <h2 id="signin-title">Sign-in</h2>
      <BackendLogin key={session?.signature ?? "none"} signOut={signOut} />
    </section>
  )
}
