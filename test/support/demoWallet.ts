/**
 * Driving the sandbox's demo wallets in Node tests: scripted consent answers and the code and message a
 * request was refused with.
 */
import type { ApprovalRequest, Approve } from "../../sandbox/wallets/Approval.ts"

/** An `approve` that gives `answers` in order and records every prompt; a prompt beyond them fails the request. */
export const answering = (answers: ReadonlyArray<boolean>): { readonly approve: Approve; readonly asked: ReadonlyArray<ApprovalRequest> } => {
  const asked: Array<ApprovalRequest> = []
  const queue = [...answers]
  const approve: Approve = async (request) => {
    asked.push(request)
    const answer = queue.shift()
    if (answer === undefined) throw new Error(`unexpected prompt: ${request.title}`)
    return answer
  }
  return { approve, asked }
}

/** The error a wallet request was rejected with; throws when the request succeeded. */
export const rejection = (promise: Promise<unknown>): Promise<{ readonly code: number; readonly message: string }> =>
  promise.then(
    () => { throw new Error("expected a rejection") },
    (error: { code: number; message: string }) => ({ code: error.code, message: error.message })
  )
