/**
 * Where an email or social login into the embedded wallet stands (spec §4 "Email login", "Email update"):
 * the address a code went to (and the frame's panel where it is typed), the device check, the provider's
 * window, the frame's panel on screen, and the last problem to show. The views render it; core/features/EmbeddedLogin.ts moves it.
 */
import * as Context from "effect/Context"
import type * as SubscriptionRef from "effect/SubscriptionRef"
import type { SocialProvider } from "../SocialProvider.ts"
import type { PanelKind } from "./FrameProtocol.ts"

/**
 * A panel of the frame shown in the modal: its id and its page (on the wallet's origin); no page when the
 * wallet runs in its own window, which shows the panel there (the modal says so).
 */
export interface PanelRef {
  readonly panelId: string
  readonly url: string | undefined
}

export type LoginStep =
  | { readonly _tag: "Idle" }
  /** The frame is asked (connect email, the key state…). */
  | { readonly _tag: "Working" }
  /**
   * A 6-digit code went to `email`; `sentAt` starts the resend countdown. The code is typed in the frame's
   * panel `panel`, never in the modal: the host's page must not see it.
   */
  | { readonly _tag: "Otp"; readonly email: string; readonly sentAt: number; readonly panel: PanelRef }
  /** A known visitor on a new device: the link in the mail approves it. */
  | { readonly _tag: "Device"; readonly email: string; readonly sentAt: number }
  /** The provider's sign-in window (popup, or the page itself after a redirect). */
  | { readonly _tag: "Social"; readonly provider?: SocialProvider }
  /** Sign In With Farcaster: the link (Modal's `farcasterUrl`) waits for the visitor's approval in their Farcaster client. */
  | { readonly _tag: "Farcaster" }
  /** One of the frame's own panels is on screen (setup, recovery, approval, export, account type). */
  | ({ readonly _tag: "Panel"; readonly kind: PanelKind } & PanelRef)
  /** Email update: both codes (to the current address, then to `newEmail`) are typed in the frame's panel. */
  | { readonly _tag: "UpdateCode"; readonly newEmail: string; readonly panel: PanelRef }

export interface LoginState {
  readonly step: LoginStep
  /** The failure the view shows: a tagged error's tag and message (and what failed in the frame). */
  readonly problem: { readonly _tag: string; readonly message: string; readonly reason?: string; readonly seconds?: number } | undefined
}

export const initial: LoginState = { step: { _tag: "Idle" }, problem: undefined }

/** The state, made by the composition root before the embedded wallet's chunk loads. */
export class LoginForm extends Context.Service<LoginForm, SubscriptionRef.SubscriptionRef<LoginState>>()("portico/core/embedded/LoginForm") {}
