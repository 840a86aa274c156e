/**
 * A `portico/testing` page helper (`connect`, `disconnect`) did not get through a step of Portico's modal
 * in time. Playwright's own timeout names a locator; this names the step and the likely cause.
 */
import * as Schema from "effect/Schema"

/** The step of the modal a helper was waiting for. */
export const ModalStep = Schema.Literals(["button", "wallet", "connected", "disconnect", "disconnected"])
export type ModalStep = typeof ModalStep.Type

/** A page helper waited for `step` on the page at `url` and gave up. */
export class ModalStepError extends Schema.TaggedError<ModalStepError>()("ModalStepError", {
  step: ModalStep,
  /** The page's address when the helper gave up. */
  url: Schema.String,
  message: Schema.String
}) {}

/** What a test author reads for each step, with the wallet the helper picked. */
export const stepMessage = (step: ModalStep, url: string, wallet: string, timeout: number): string => {
  const within = `within ${timeout / 1000} s`
  switch (step) {
    case "button":
      return `No Portico connect button ([data-portico-button]) on ${url} ${within}: is your app served there, with <portico-connect-button> or ConnectButton?`
    case "wallet":
      return `Portico's modal on ${url} did not list "${wallet}" ${within}: call injectWallets(page, …) before page.goto`
    case "connected":
      return `Portico's modal on ${url} did not close with "${wallet}" connected ${within}: did the policy reject the request, or a sign-in fail?`
    case "disconnect":
      return `Portico's account view on ${url} offered no Disconnect ${within}: is the page connected?`
    case "disconnected":
      return `The connect button on ${url} still shows an account ${within} after Disconnect`
  }
}
