/**
 * The consent step every demo wallet request goes through. In the page it is the visible prompt panel
 * (PromptPanel.ts); in Node tests it is a plain function, so the request logic is tested without a DOM.
 */
export interface ApprovalRequest {
  /** The wallet asking, e.g. "Portico Demo Wallet". */
  readonly wallet: string
  /** One line naming the request, e.g. "Sign a message". */
  readonly title: string
  /** What exactly is asked: the site's origin, the message text, the amount and recipient. */
  readonly details: ReadonlyArray<string>
}

/** Resolves true when the person approves, false when they reject. */
export type Approve = (request: ApprovalRequest) => Promise<boolean>
