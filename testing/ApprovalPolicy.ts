/**
 * How the injected demo wallets answer each request: always approve, always reject, or ask the test
 * (a function in the test process that sees the request and returns the answer).
 */
import type { ApprovalRequest } from "../sandbox/wallets/Approval.ts"

export type { ApprovalRequest }

/** A policy that is a function: asked in the test process for every wallet request, it returns whether to approve. */
export type AskTheTest = (request: ApprovalRequest) => boolean | Promise<boolean>

export type ApprovalPolicy = "approve" | "reject" | AskTheTest

/** The name of the page binding through which the page's wallets ask an `AskTheTest` policy. */
export const askBinding = "__porticoTestingAsk"
