/**
 * The WalletConnect demo wallet's page: paste a `wc:` URI (or pick a QR code image) and Pair, then Approve or
 * Reject the session proposal and every request, and Disconnect sessions. All logic lives in WcWallet.ts; this
 * only renders its state. Outside text (dapp names, URLs, messages) renders as text, icons as <img> only.
 */
import { useId, useState, useSyncExternalStore, type CSSProperties, type ReactNode } from "react"
import type { ProposalView } from "./Namespaces.ts"
import type { SignInView } from "./SignInRequests.ts"
import { decodeQrImage } from "./QrImage.ts"
import { walletMetadataName, type ActiveSession, type PendingRequest, type WcWallet } from "./WcWallet.ts"

const styles = {
  page: { maxWidth: 720, margin: "0 auto", padding: 24, font: "15px/1.45 system-ui, sans-serif", color: "#1b1b2f" },
  card: { border: "1px solid #d7d9e2", borderRadius: 12, padding: 16, margin: "12px 0", background: "#fff" },
  row: { display: "flex", gap: 8, alignItems: "center", flexWrap: "wrap" },
  mono: { fontFamily: "ui-monospace, monospace", wordBreak: "break-all" },
  primary: { padding: "8px 16px", borderRadius: 8, border: "none", background: "#3b5bdb", color: "#fff", fontWeight: 600, cursor: "pointer" },
  secondary: { padding: "8px 16px", borderRadius: 8, border: "1px solid #c9ccd6", background: "#fff", color: "#1b1b2f", fontWeight: 600, cursor: "pointer" },
  error: { color: "#c92a2a" },
  muted: { color: "#5c5f70" }
} satisfies Record<string, CSSProperties>

const Icons = ({ icons }: { readonly icons: ReadonlyArray<string> }) =>
  icons.slice(0, 1).map((icon) => <img key={icon} src={icon} alt="" width={32} height={32} referrerPolicy="no-referrer" />)

const List = ({ label, items }: { readonly label: string; readonly items: ReadonlyArray<string> }) => (
  <p>
    <strong>{label}:</strong> <span style={styles.mono}>{items.length === 0 ? "none" : items.join(", ")}</span>
  </p>
)

const Decision = ({ onApprove, onReject }: { readonly onApprove: () => void; readonly onReject: () => void }) => (
  <div style={styles.row}>
    <button type="button" style={styles.primary} onClick={onApprove}>
      Approve
    </button>
    <button type="button" style={styles.secondary} onClick={onReject}>
      Reject
    </button>
  </div>
)

/** A card named by its heading, so tests and screen readers can find "the proposal from X". */
const Card = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => {
  const id = useId()
  return (
    <article aria-labelledby={id} style={styles.card}>
      <h3 id={id} style={{ margin: "0 0 8px" }}>
        {title}
      </h3>
      {children}
    </article>
  )
}

/**
 * Opened by a dapp's deep link, the wallet sends the visitor back once it sent the session's settlement (or its
 * sign-in answer), to the return link the dapp gave (as wallet apps do with WalletConnect's `metadata.redirect`).
 */
const goBack = (returnToSite: boolean) => (back: string | undefined) => {
  if (returnToSite && back !== undefined) location.assign(back)
}

const Proposal = ({ wallet, proposal, returnToSite }: { readonly wallet: WcWallet; readonly proposal: ProposalView; readonly returnToSite: boolean }) => (
  <Card title={`Session proposal from ${proposal.name}`}>
    <div style={styles.row}>
      <Icons icons={proposal.icons} />
      <span style={styles.mono}>{proposal.url}</span>
    </div>
    {proposal.description === "" ? null : <p style={styles.muted}>{proposal.description}</p>}
    <List label="Chains" items={proposal.chains} />
    <List label="Methods" items={proposal.methods} />
    <List label="Events" items={proposal.events} />
    <Decision
      onApprove={() => void wallet.approveProposal(proposal.id).then(goBack(returnToSite))}
      onReject={() => void wallet.rejectProposal(proposal.id)}
    />
  </Card>
)

/** One-Click Auth: the messages in words, and one Approve that signs them and connects. */
const SignIn = ({ wallet, signIn, returnToSite }: { readonly wallet: WcWallet; readonly signIn: SignInView; readonly returnToSite: boolean }) => (
  <Card title={`Sign-in request from ${signIn.name}`}>
    <p style={styles.mono}>{signIn.url}</p>
    <p style={styles.muted}>Approving connects this wallet and signs:</p>
    {signIn.messages.map((message, index) => (
      <pre key={index} style={{ ...styles.mono, whiteSpace: "pre-wrap" }}>
        {message}
      </pre>
    ))}
    <Decision
      onApprove={() => void wallet.approveSignIn(signIn.id).then(goBack(returnToSite))}
      onReject={() => void wallet.rejectSignIn(signIn.id)}
    />
  </Card>
)

const Request = ({ wallet, request }: { readonly wallet: WcWallet; readonly request: PendingRequest }) => (
  <Card title={`${request.title} for ${request.peerName}`}>
    <p style={styles.muted}>
      <span style={styles.mono}>{request.method}</span> on <span style={styles.mono}>{request.chainId}</span>
    </p>
    <ul style={styles.mono}>
      {request.details.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
    <Decision onApprove={() => wallet.approveRequest(request.key)} onReject={() => wallet.rejectRequest(request.key)} />
  </Card>
)

const Session = ({ wallet, session }: { readonly wallet: WcWallet; readonly session: ActiveSession }) => (
  <Card title={session.name}>
    <div style={styles.row}>
      <Icons icons={session.icons} />
      <span style={styles.mono}>{session.url}</span>
    </div>
    <List label="Accounts" items={session.accounts} />
    <button type="button" style={styles.secondary} onClick={() => void wallet.disconnect(session.topic)}>
      Disconnect
    </button>
  </Card>
)

const PairForm = ({ wallet, initialUri }: { readonly wallet: WcWallet; readonly initialUri: string }) => {
  const [uri, setUri] = useState(initialUri)
  const [qrError, setQrError] = useState<string | undefined>(undefined)
  const uriId = useId()
  const qrId = useId()
  const readQr = async (file: File | undefined) => {
    if (file === undefined) return
    const text = await decodeQrImage(file).catch(() => undefined)
    if (text?.startsWith("wc:") === true) {
      setUri(text)
      setQrError(undefined)
    } else {
      setQrError("No WalletConnect QR code found in that image.")
    }
  }
  return (
    <form
      style={styles.card}
      onSubmit={(event) => {
        event.preventDefault()
        void wallet.pair(uri)
      }}
    >
      <label htmlFor={uriId} style={{ display: "block", fontWeight: 600 }}>
        WalletConnect URI
      </label>
      <textarea
        id={uriId}
        value={uri}
        onChange={(event) => setUri(event.target.value)}
        rows={3}
        placeholder="wc:…"
        spellCheck={false}
        style={{ ...styles.mono, width: "100%", boxSizing: "border-box", margin: "6px 0" }}
      />
      <div style={styles.row}>
        <button type="submit" style={styles.primary} disabled={!uri.trim().startsWith("wc:")}>
          Pair
        </button>
        <label htmlFor={qrId}>QR code image</label>
        <input id={qrId} type="file" accept="image/*" onChange={(event) => void readQr(event.target.files?.[0])} />
      </div>
      {qrError === undefined ? null : (
        <p role="alert" style={styles.error}>
          {qrError}
        </p>
      )}
    </form>
  )
}

export const WalletApp = ({ wallet, initialUri = "", returnToSite = false }: { readonly wallet: WcWallet; readonly initialUri?: string; readonly returnToSite?: boolean }) => {
  const state = useSyncExternalStore(wallet.subscribe, wallet.getState)
  return (
    <main style={styles.page}>
      <h1 style={{ fontSize: 22 }}>{walletMetadataName}</h1>
      <p>
        Account: <span style={styles.mono}>{state.address}</span>
      </p>
      <label style={styles.row}>
        <input type="checkbox" checked={state.oneClickAuth} onChange={(event) => wallet.setOneClickAuth(event.target.checked)} />
        Sign in with one approval (One-Click Auth)
      </label>
      <PairForm wallet={wallet} initialUri={initialUri} />
      <p role="status">{state.status}</p>
      {state.error === undefined ? null : (
        <p role="alert" style={styles.error}>
          {state.error}
        </p>
      )}
      <section aria-label="Session proposals">
        {state.proposals.map((proposal) => (
          <Proposal key={proposal.id} wallet={wallet} proposal={proposal} returnToSite={returnToSite} />
        ))}
      </section>
      <section aria-label="Sign-in requests">
        {state.signIns.map((signIn) => (
          <SignIn key={signIn.id} wallet={wallet} signIn={signIn} returnToSite={returnToSite} />
        ))}
      </section>
      <section aria-label="Requests">
        {state.requests.map((request) => (
          <Request key={request.key} wallet={wallet} request={request} />
        ))}
      </section>
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading" style={{ fontSize: 18 }}>
          Active sessions
        </h2>
        {state.sessions.length === 0 ? <p style={styles.muted}>No active session.</p> : null}
        {state.sessions.map((session) => (
          <Session key={session.topic} wallet={wallet} session={session} />
        ))}
      </section>
    </main>
  )
}
