/**
 * How the frame and a panel talk (docs/embedded-wallet.md "The parties"): both are pages of this origin,
 * the frame hidden, the panel visible inside the modal, so they share a `BroadcastChannel` named after the
 * panel's id, which no page of another origin can open. Every message is decoded by these schemas and
 * anything else is dropped.
 *
 * The panel says it opened (with the origin that frames it, which must be the frame's parent's); the
 * frame answers with what to show; the panel answers with the visitor's decision (approve panels) or the
 * outcome (setup, recover, export). The frame may end a panel it no longer waits for.
 */
import * as Schema from "effect/Schema"
import { Email } from "../../core/Email.ts"
import { CaipNetworkId, DappData, RequestId } from "../../core/embedded/FrameProtocol.ts"

export const channelName = (panelId: string): string => `portico-embedded-panel/${panelId}`

const Text = (maxLength: number) => Schema.String.check(Schema.isMaxLength(maxLength))

/** A contract call as the approve panel names it: the function and its arguments, when the ABI knew the selector. */
export const DecodedCall = Schema.Struct({
  functionName: Text(100),
  args: Schema.Array(Schema.Struct({ name: Text(100), value: Text(2000) })).check(Schema.isMaxLength(32))
})
export type DecodedCall = typeof DecodedCall.Type

/** One EVM transaction to approve, amounts already formatted in the network's currency. */
export const TransactionView = Schema.Struct({
  /** Absent for a contract creation. */
  to: Schema.optionalKey(Text(64)),
  value: Text(100),
  /** The raw calldata, always shown; `decoded` beside it when the call is a known one. */
  data: Schema.optionalKey(Text(100_000)),
  decoded: Schema.optionalKey(DecodedCall)
})
export type TransactionView = typeof TransactionView.Type

/** What the visitor approves or rejects, prepared by the frame (the host's words never reach the panel unchecked). */
export const ApprovalView = Schema.Struct({
  method: Text(100),
  chainId: CaipNetworkId,
  from: Text(64),
  /** A message to sign: its text when it is UTF-8, else its hex. */
  message: Schema.optionalKey(Text(100_000)),
  typedData: Schema.optionalKey(Schema.Struct({ primaryType: Text(200), domain: Text(10_000), message: Text(100_000) })),
  transactions: Schema.optionalKey(Schema.Array(TransactionView).check(Schema.isMaxLength(64))),
  /** Solana transactions: the programs each one calls. */
  solanaTransactions: Schema.optionalKey(Schema.Array(Schema.Struct({ programs: Schema.Array(Text(64)).check(Schema.isMaxLength(64)) })).check(Schema.isMaxLength(64))),
  /** The network fee, formatted, at most this much. */
  fee: Schema.optionalKey(Text(100))
})
export type ApprovalView = typeof ApprovalView.Type

export const PanelContent = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("approve"), view: ApprovalView }),
  /** The visitor's name for the passkey (their email or social name). */
  Schema.Struct({ kind: Schema.Literal("setup"), userName: Text(254) }),
  Schema.Struct({ kind: Schema.Literal("recover") }),
  Schema.Struct({ kind: Schema.Literal("export") }),
  /** The login code mailed to `email`, typed here; the panel confirms it with the server and keeps the session. */
  Schema.Struct({ kind: Schema.Literal("otp"), email: Email, attemptId: RequestId }),
  /** An email update's two codes: to the current address, then to `newEmail`. */
  Schema.Struct({ kind: Schema.Literal("updateEmail"), newEmail: Email, attemptId: RequestId })
])
export type PanelContent = typeof PanelContent.Type

/** What the panel needs to look and speak like the modal, and to call the server as the frame does. */
export const PanelSettings = Schema.Struct({
  locale: DappData.fields.locale,
  themeMode: Schema.Literals(["dark", "light"]),
  accent: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{3,8}$/))),
  version: Text(40),
  /** The site asking: the host's origin as the frame's bound channel knows it, never what the host says of itself. */
  site: Text(2000)
})
export type PanelSettings = typeof PanelSettings.Type

export const FromPanel = Schema.Union([
  Schema.Struct({ type: Schema.Literal("OPENED"), panelId: RequestId, parentOrigin: Text(2000) }),
  Schema.Struct({ type: Schema.Literal("DECIDED"), panelId: RequestId, decision: Schema.Literals(["approve", "reject"]) }),
  Schema.Struct({ type: Schema.Literal("FINISHED"), panelId: RequestId, outcome: Schema.Literals(["completed", "closed"]) })
])
export type FromPanel = typeof FromPanel.Type

export const ToPanel = Schema.Union([
  Schema.Struct({ type: Schema.Literal("CONTENT"), panelId: RequestId, content: PanelContent, settings: PanelSettings }),
  /** The frame no longer waits for this panel (another request was rejected, the visitor signed out). */
  Schema.Struct({ type: Schema.Literal("ENDED"), panelId: RequestId })
])
export type ToPanel = typeof ToPanel.Type

export const decodeFromPanel = Schema.decodeUnknownOption(FromPanel)
export const decodeToPanel = Schema.decodeUnknownOption(ToPanel)
