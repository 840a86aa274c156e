/**
 * How the injected demo wallets answer each request: always approve, always reject, or ask the test
 * (a function in the test process that sees the request and returns the answer).
 */
import type { ApprovalRequest } from "../sandbox/wallets/Approval.ts"

export type { ApprovalRequest }

/** Asked in the test process for every wallet request when the policy is `"ask"`. */
export type AskTheTest = (request: ApprovalRequest) => boolean | Promise<boolean>

export type ApprovalPolicy = "approve" | "reject" | AskTheTest

/** The name of the page binding an `"ask"` policy answers through. */
export const askBinding = "__porticoTestingAsk"
