/**
 * How the frame and a panel talk (docs/embedded-wallet.md "The parties"): both are pages of this origin,
 * the frame hidden, the panel visible inside the modal, so they share a `BroadcastChannel` named after the
 * panel's id, which no page of another origin can open. Every message is decoded by these schemas and
 * anything else is dropped.
 *
 * The panel says it opened (with the origin that frames it, which must be the frame's parent's); the
 * frame answers with what to show; the panel answers with the visitor's decision (approve panels) or the
 * outcome (setup, recover, export), or the visitor's choice (account type). The frame may end a panel it no longer waits for.
 */
import * as Schema from "effect/Schema"
import { Email } from "../../core/Email.ts"
import { EmbeddedAccountType } from "../../core/EmbeddedUser.ts"
import { CaipNetworkId, DappData, RequestId } from "../../core/embedded/FrameProtocol.ts"

export const channelName = (panelId: string): string => `portico-embedded-panel/${panelId}`

const Text = (maxLength: number) => Schema.String.check(Schema.isMaxLength(maxLength))

/**
 * What an EVM call does, as the approve panel says it (EvmIntent.ts): tokens named by their symbol read
 * on chain and their address, amounts in the token's units. `unlimited` and `approvalForAll` are flagged.
 */
export const IntentView = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("transfer"), token: Text(200), amount: Text(200), to: Text(64), from: Schema.optionalKey(Text(64)) }),
  Schema.Struct({ kind: Schema.Literal("approve"), token: Text(200), spender: Text(64), amount: Text(200), unlimited: Schema.Boolean }),
  Schema.Struct({ kind: Schema.Literal("nftApprove"), token: Text(200), spender: Text(64), id: Text(100) }),
  Schema.Struct({ kind: Schema.Literal("nftTransfer"), token: Text(200), from: Text(64), to: Text(64), items: Text(2000) }),
  Schema.Struct({ kind: Schema.Literal("approvalForAll"), token: Text(200), operator: Text(64), approved: Schema.Boolean })
])
export type IntentView = typeof IntentView.Type

/** One EVM transaction to approve, amounts already formatted in the network's currency. */
export const TransactionView = Schema.Struct({
  /** Absent for a contract creation. */
  to: Schema.optionalKey(Text(64)),
  value: Text(100),
  /** The raw calldata, always shown; `intent` beside it when the call is one the wallet reads. */
  data: Schema.optionalKey(Text(100_000)),
  intent: Schema.optionalKey(IntentView)
})
export type TransactionView = typeof TransactionView.Type

/** What a simulation said the request changes for the account, or that none could be run. */
export const SimulationView = Schema.Union([
  Schema.Struct({ status: Schema.Literal("unavailable") }),
  Schema.Struct({ status: Schema.Literal("reverted"), reason: Text(500) }),
  Schema.Struct({ status: Schema.Literal("done"), changes: Schema.Array(Schema.Struct({ asset: Text(200), amount: Text(200) })).check(Schema.isMaxLength(64)) })
])
export type SimulationView = typeof SimulationView.Type

/** A signed permission to spend tokens (EIP-2612 Permit, DAI's permit, Uniswap's Permit2), explained. */
export const PermitView = Schema.Struct({
  kind: Schema.Literals(["permit", "permit2"]),
  token: Text(200),
  spender: Text(64),
  amount: Text(200),
  unlimited: Schema.Boolean,
  /** Until when, as the typed data says (a date, or "never"). */
  until: Schema.optionalKey(Text(100))
})
export type PermitView = typeof PermitView.Type

/** One Solana instruction as the panel says it (SolanaInstructions.ts). */
export const InstructionView = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("solTransfer"), from: Text(64), to: Text(64), amount: Text(100) }),
  Schema.Struct({ kind: Schema.Literal("tokenTransfer"), source: Text(64), destination: Text(64), authority: Text(64), amount: Text(100), mint: Schema.optionalKey(Text(64)) }),
  Schema.Struct({ kind: Schema.Literal("tokenApprove"), source: Text(64), delegate: Text(64), amount: Text(100), unlimited: Schema.Boolean }),
  Schema.Struct({ kind: Schema.Literal("program"), program: Text(64) })
])
export type InstructionView = typeof InstructionView.Type

/** What the visitor approves or rejects, prepared by the frame (the host's words never reach the panel unchecked). */
/** An ERC-7715 permission as the panel says it (ExecutionPermissions.ts): the token, its amount per period, until when, to whom. */
export const PermissionView = Schema.Struct({
  token: Text(200),
  amount: Text(100),
  periodSeconds: Schema.Int.check(Schema.isGreaterThan(0)),
  /** Seconds since the epoch. */
  until: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  spender: Text(64),
  justification: Schema.optionalKey(Text(500))
})
export type PermissionView = typeof PermissionView.Type

export const ApprovalView = Schema.Struct({
  method: Text(100),
  chainId: CaipNetworkId,
  /** The network's name from the wallet's own table (NetworkNames.ts); absent when it does not know it. */
  network: Schema.optionalKey(Text(100)),
  from: Text(64),
  /** A message to sign: its text when it is UTF-8, else its hex. */
  message: Schema.optionalKey(Text(100_000)),
  typedData: Schema.optionalKey(Schema.Struct({ primaryType: Text(200), domain: Text(10_000), message: Text(100_000), permits: Schema.optionalKey(Schema.Array(PermitView).check(Schema.isMaxLength(64))) })),
  /** The message, typed data or calldata was longer than the panel shows: the panel says it is cut. */
  truncated: Schema.optionalKey(Schema.Boolean),
  transactions: Schema.optionalKey(Schema.Array(TransactionView).check(Schema.isMaxLength(64))),
  /** Solana transactions: each one's instructions read, and the accounts it may change. */
  solanaTransactions: Schema.optionalKey(Schema.Array(Schema.Struct({
    instructions: Schema.Array(InstructionView).check(Schema.isMaxLength(64)),
    writable: Schema.Array(Text(64)).check(Schema.isMaxLength(256))
  })).check(Schema.isMaxLength(64))),
  simulation: Schema.optionalKey(SimulationView),
  /** The network fee, formatted, at most this much. */
  fee: Schema.optionalKey(Text(100)),
  /** The calls run as one user operation of the smart account (`upgrade`: its first, which makes it one). */
  smartAccount: Schema.optionalKey(Schema.Struct({ upgrade: Schema.Boolean, implementation: Text(64) })),
  /** The app's sponsor pays the network fee. */
  sponsored: Schema.optionalKey(Schema.Boolean),
  /** The account is delegated to another contract (its address, empty when it is a contract itself): not used as a smart account. */
  delegatedElsewhere: Schema.optionalKey(Text(64)),
  /** Permissions the site asks for, or the one the visitor withdraws. */
  permissions: Schema.optionalKey(Schema.Struct({ action: Schema.Literals(["grant", "revoke"]), granted: Schema.Array(PermissionView).check(Schema.isMinLength(1), Schema.isMaxLength(8)) }))
})
export type ApprovalView = typeof ApprovalView.Type

export const PanelContent = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("approve"), view: ApprovalView }),
  /** The visitor's name for the passkey (their email or social name). */
  Schema.Struct({ kind: Schema.Literal("setup"), userName: Text(254) }),
  Schema.Struct({ kind: Schema.Literal("recover") }),
  Schema.Struct({ kind: Schema.Literal("export") }),
  /** The visitor's account type, in force now; `smartAvailable`: some network of the app has a bundler. */
  Schema.Struct({ kind: Schema.Literal("accountType"), current: EmbeddedAccountType, smartAvailable: Schema.Boolean }),
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
  Schema.Struct({ type: Schema.Literal("FINISHED"), panelId: RequestId, outcome: Schema.Literals(["completed", "closed"]) }),
  /** The account-type panel's answer: the visitor chose `accountType` (the panel then counts as completed). */
  Schema.Struct({ type: Schema.Literal("CHOSEN"), panelId: RequestId, accountType: EmbeddedAccountType })
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
