/**
 * The messages the modal and the embedded wallet's frame exchange by `postMessage` (spec §7 "Embedded
 * wallet frame"). The modal sends app events (`Request`), each answered by the frame with a matching
 * `<TYPE>_SUCCESS` or `<TYPE>_ERROR` carrying the request's id (`Response`); the frame also sends
 * events of its own (`FrameEvent`: ready, approval needed, accounts changed…).
 *
 * Both sides decode every message with these schemas and bind it to the other side's origin and
 * window; anything else is dropped. The keys never cross this boundary: the frame answers with
 * addresses, signatures and transaction hashes only.
 */
import * as Schema from "effect/Schema"
import * as Locale from "../Locale.ts"
import { Email } from "../Email.ts"
import { LoginProvider, SocialProvider } from "../SocialProvider.ts"
import { EmbeddedAccountType } from "../EmbeddedUser.ts"


/** Marks Portico's embedded-wallet messages among whatever else a window receives. */
export const channel = "portico-embedded/1"

/** A request id: 128 random bits, hex. The frame drops an id it has seen before. */
export const RequestId = Schema.String.check(Schema.isPattern(/^[0-9a-f]{32}$/))

/** A network the embedded wallet works on, CAIP-2. */
export const CaipNetworkId = Schema.String.check(Schema.isPattern(/^(eip155|solana):[-_a-zA-Z0-9]{1,32}$/))
const Empty = Schema.Struct({})

/** What updating the email address needs next (spec §4 "Email update"). */
export const EmailUpdateAction = Schema.Literals(["VERIFY_PRIMARY_OTP", "VERIFY_SECONDARY_OTP"])
export type EmailUpdateAction = typeof EmailUpdateAction.Type

/** One account of the embedded wallet, per namespace (spec §3 "Account (wallet SDK)"). */
export const FrameAccount = Schema.Struct({
  namespace: Schema.Literals(["eip155", "solana"]),
  address: Schema.String.check(Schema.isMaxLength(64)),
  type: EmbeddedAccountType,
  /** The derivation path, e.g. m/44'/60'/0'/0/0. */
  path: Schema.String.check(Schema.isMaxLength(64))
})
export type FrameAccount = typeof FrameAccount.Type

/** The signed-in visitor (spec §3 "Embedded-wallet user"), with both namespaces' accounts. */
export const FrameUser = Schema.Struct({
  email: Schema.optionalKey(Email),
  socialProvider: Schema.optionalKey(LoginProvider),
  userName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  accounts: Schema.Array(FrameAccount).check(Schema.isMaxLength(8)),
  preferredAccountType: EmbeddedAccountType,
  smartAccountDeployed: Schema.Boolean
})
export type FrameUser = typeof FrameUser.Type

/**
 * Where the visitor's keys stand once signed in: ready to use, or a panel of the frame has to be shown
 * first (a new visitor sets up the recovery factor; a known visitor on a new device recovers with it).
 */
export const KeyState = Schema.Union([
  Schema.Struct({ state: Schema.Literal("ready"), user: FrameUser }),
  Schema.Struct({ state: Schema.Literals(["setup", "recover"]), panelId: RequestId })
])
export type KeyState = typeof KeyState.Type

/**
 * The panels the frame renders itself, inside the modal, on its own origin: every code the visitor types
 * (`otp`: the login code; `updateEmail`: both codes of an email update), every decision and every secret.
 */
export const PanelKind = Schema.Literals(["approve", "setup", "recover", "export", "accountType", "otp", "updateEmail"])
export type PanelKind = typeof PanelKind.Type

/** What a host page tells the frame about itself (spec's "sync dapp data"). */
export const DappData = Schema.Struct({
  name: Schema.String.check(Schema.isMaxLength(200)),
  url: Schema.String.check(Schema.isMaxLength(2000)),
  locale: Schema.Literals(Locale.locales),
  networks: Schema.Array(CaipNetworkId).check(Schema.isMaxLength(64))
})
export type DappData = typeof DappData.Type

const Theme = Schema.Struct({
  themeMode: Schema.Literals(["dark", "light"]),
  accent: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{3,8}$/)))
})

/** Every app event the modal may send, with its payload and its success answer. */
export const requests = {
  SYNC_DAPP_DATA: { payload: DappData, success: Empty },
  SYNC_THEME: { payload: Theme, success: Empty },
  /**
   * VERIFY_OTP names the frame's code panel: the code is typed there, on the wallet's origin, never in the
   * host's page (a host that saw it could log in as the visitor); the panel completes once it was right.
   */
  CONNECT_EMAIL: {
    payload: Schema.Struct({ email: Email }),
    success: Schema.Union([
      Schema.Struct({ action: Schema.Literal("VERIFY_OTP"), panelId: RequestId }),
      Schema.Struct({ action: Schema.Literals(["VERIFY_DEVICE", "CONNECT"]) })
    ])
  },
  /** Waits until the visitor approved this device from the link in the email; then the code panel. */
  CONNECT_DEVICE: { payload: Empty, success: Schema.Struct({ panelId: RequestId }) },
  /** Starts a social login: the authorization URL the modal opens (popup, or the page itself as redirect). */
  CONNECT_SOCIAL: {
    payload: Schema.Struct({ provider: SocialProvider, mode: Schema.Literals(["popup", "redirect"]), returnTo: Schema.String.check(Schema.isMaxLength(2000)) }),
    success: Schema.Struct({ authorizationUrl: Schema.String.check(Schema.isMaxLength(4000)) })
  },
  /**
   * Waits for the provider's answer to the social login started last (popup) or resumes it (redirect,
   * with the completion code the page came back with).
   */
  COMPLETE_SOCIAL: { payload: Schema.Struct({ completionCode: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{43}$/))) }), success: Schema.Struct({ userName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))) }) },
  /** Starts Sign In With Farcaster: the link the visitor's Farcaster client opens (a QR code, or opened on a phone). */
  CONNECT_FARCASTER: { payload: Empty, success: Schema.Struct({ url: Schema.String.check(Schema.isPattern(/^https?:\/\//), Schema.isMaxLength(4000)) }) },
  /** Waits until the visitor approved the Farcaster sign-in started last in their Farcaster client. */
  COMPLETE_FARCASTER: {
    payload: Empty,
    success: Schema.Struct({ fid: Schema.Int, userName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))) })
  },
  /** After a login: ready with the user, or the panel to show first. */
  GET_KEY_STATE: { payload: Empty, success: KeyState },
  GET_USER: { payload: Empty, success: FrameUser },
  IS_CONNECTED: { payload: Empty, success: Schema.Struct({ isConnected: Schema.Boolean }) },
  GET_CHAIN_ID: { payload: Empty, success: Schema.Struct({ chainId: CaipNetworkId }) },
  SWITCH_NETWORK: { payload: Schema.Struct({ chainId: CaipNetworkId }), success: Schema.Struct({ chainId: CaipNetworkId }) },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: Empty, success: Schema.Struct({ networks: Schema.Array(CaipNetworkId) }) },
  SET_PREFERRED_ACCOUNT: { payload: Schema.Struct({ type: EmbeddedAccountType }), success: Schema.Struct({ type: EmbeddedAccountType }) },
  /**
   * A JSON-RPC call on one of the accounts. Safe methods (spec §6) are answered at once; the others
   * first raise `APPROVAL_REQUIRED` and wait for the visitor's decision in the frame's own panel.
   */
  RPC_REQUEST: {
    payload: Schema.Struct({ chainId: CaipNetworkId, method: Schema.String.check(Schema.isMaxLength(100)), params: Schema.optionalKey(Schema.Unknown) }),
    success: Schema.Struct({ result: Schema.Unknown })
  },
  /** Both codes (to the current address, then to the new one) are typed in the frame's panel `panelId`. */
  UPDATE_EMAIL: { payload: Schema.Struct({ email: Email }), success: Schema.Struct({ action: EmailUpdateAction, panelId: RequestId }) },
  /** Opens a panel the visitor asked for: key export, or the account type (a smart or a plain account), chosen in the frame only. */
  OPEN_PANEL: { payload: Schema.Struct({ kind: Schema.Literals(["export", "accountType"]) }), success: Schema.Struct({ panelId: RequestId }) },
  SIGN_OUT: { payload: Empty, success: Empty },
  /** Signs the visitor out on every browser and device: the server ends all their sessions, this one's too. */
  SIGN_OUT_EVERYWHERE: { payload: Empty, success: Empty },
  RELOAD: { payload: Empty, success: Empty }
} as const

export type RequestType = keyof typeof requests
export const RequestType = Schema.Literals(Object.keys(requests) as unknown as readonly [RequestType, ...Array<RequestType>])

export type Payload<T extends RequestType> = (typeof requests)[T]["payload"]["Type"]
export type Success<T extends RequestType> = (typeof requests)[T]["success"]["Type"]

/**
 * The app events that wait on the network or the visitor for a bounded time: past the spec's 30 s
 * (§9) the modal gives up with iframe_request_timeout. `RPC_REQUEST` is bounded too, but the time a
 * request spends in the approval panel does not count (`APPROVAL_REQUIRED` pauses the clock).
 */
export const requestTimeoutMs = 30_000

/** A message from the modal to the frame. `payload` is decoded against `requests[type].payload`. */
export const Request = Schema.Struct({
  channel: Schema.Literal(channel),
  kind: Schema.Literal("request"),
  id: RequestId,
  type: RequestType,
  payload: Schema.Unknown
})
export type Request = typeof Request.Type

/** An error answer (spec §7: "An error payload has a message"); `code` is the EIP-1193 code when there is one. */
export const ErrorPayload = Schema.Struct({
  message: Schema.String.check(Schema.isMaxLength(1000)),
  code: Schema.optionalKey(Schema.Int),
  /** A node's error data for an RPC call, as the node gave it (a revert's return data). */
  data: Schema.optionalKey(Schema.Unknown),
  /** What failed, for the modal to say it in the visitor's language: the failure's tag (and its kind, `OtpRefused.wrong`). */
  reason: Schema.optionalKey(Schema.String.check(Schema.isPattern(/^[A-Za-z]{1,40}(\.[a-z]{1,20})?$/))),
  /** Seconds until the request may be made again (the email cooldown), as the failure carries it. */
  retryAfter: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 86_400 })))
})
export type ErrorPayload = typeof ErrorPayload.Type

/** The frame's answer to one request: `<TYPE>_SUCCESS` with the success payload or `<TYPE>_ERROR`. */
export const Response = Schema.Struct({
  channel: Schema.Literal(channel),
  kind: Schema.Literal("response"),
  id: RequestId,
  type: Schema.String.check(Schema.isPattern(/^[A-Z_]{1,64}_(SUCCESS|ERROR)$/)),
  payload: Schema.Unknown
})
export type Response = typeof Response.Type

export const successType = (type: RequestType): string => `${type}_SUCCESS`
export const errorType = (type: RequestType): string => `${type}_ERROR`

/** Events the frame raises on its own. */
export const FrameEvent = Schema.Struct({
  channel: Schema.Literal(channel),
  kind: Schema.Literal("event"),
  event: Schema.Union([
    /** The frame loaded and listens; 500 ms later the modal may use it (spec §4). */
    Schema.Struct({ type: Schema.Literal("FRAME_READY") }),
    /**
     * The frame loaded but cannot keep the wallet: the browser refuses it storage (a private window, or
     * third-party cookies blocked, deny a cross-site frame its IndexedDB).
     */
    Schema.Struct({ type: Schema.Literal("FRAME_UNAVAILABLE"), reason: Schema.Literal("storage") }),
    /** A request (`requestId`) waits for the visitor: the modal shows ApproveTransaction with this panel. */
    Schema.Struct({ type: Schema.Literal("APPROVAL_REQUIRED"), requestId: RequestId, panelId: RequestId }),
    /** The panel was answered (approved, rejected, recovered, closed): the modal leaves its view. */
    Schema.Struct({ type: Schema.Literal("PANEL_DONE"), panelId: RequestId, outcome: Schema.Literals(["approved", "rejected", "completed", "closed"]) }),
    Schema.Struct({ type: Schema.Literal("ACCOUNTS_CHANGED"), accounts: Schema.Array(FrameAccount).check(Schema.isMaxLength(8)) }),
    Schema.Struct({ type: Schema.Literal("CHAIN_CHANGED"), chainId: CaipNetworkId }),
    /** The session ended on the server (expired, revoked, signed out elsewhere). */
    Schema.Struct({ type: Schema.Literal("SESSION_EXPIRED") })
  ])
})
export type FrameEvent = typeof FrameEvent.Type

/** The query the frame is loaded with (spec §7). */
export const FrameQuery = Schema.Struct({
  projectId: Schema.String.check(Schema.isMaxLength(200)),
  chainId: CaipNetworkId,
  version: Schema.String.check(Schema.isMaxLength(40)),
  enableLogger: Schema.Literals(["true", "false"]),
  /**
   * `popup`: the frame's page opened as the wallet's own window, a first-party popup, where the browser
   * refuses a cross-site frame its storage (frame/app/WalletWindow.ts); its host is the page that opened it.
   */
  window: Schema.optionalKey(Schema.Literal("popup")),
  /** The opener's origin as the modal says it (the window checks it against its referrer and its project). */
  host: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000)))
})
export type FrameQuery = typeof FrameQuery.Type

/**
 * The query a panel is loaded with: its project (whose allowed origins alone may frame it, like the
 * frame) and the panel's id from `APPROVAL_REQUIRED`, `KeyState` or `OPEN_PANEL`.
 */
export const PanelQuery = Schema.Struct({
  projectId: FrameQuery.fields.projectId,
  panelId: RequestId,
  /** `popup`: the panel's page opened as the wallet's own window by the panel itself (frame/app/PanelWindow.ts). */
  window: Schema.optionalKey(Schema.Literal("popup"))
})
export type PanelQuery = typeof PanelQuery.Type
