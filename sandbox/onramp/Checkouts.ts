/**
 * The checkout every sandbox stand-in hands its visitor to once it has accepted the widget's link (a
 * signed MoonPay URL, a Coinbase session token): the order page with its card form, which posts to
 * `/checkout/pay`; paying delivers from the treasury on chain and tells the stand-in, which records the
 * purchase for its status API (and, for MoonPay, sends the webhook); the receipt shows the transaction.
 * A checkout pays once: the form sent again, even at the same moment, shows the same receipt. Checkouts
 * are forgotten 30 minutes after they were opened.
 */
import { randomUUID } from "node:crypto"
import type { IncomingMessage, ServerResponse } from "node:http"
import { getAddress, type Hex } from "viem"
import { checkCard } from "./Card.ts"
import { checkoutPage, problemPage, receiptPage, type Order } from "./CheckoutPage.ts"
import { bodyOf, html } from "./Http.ts"
import type { Treasury } from "./Treasury.ts"

const lifetimeMillis = 30 * 60_000

export interface Receipt {
  readonly hash: string
  readonly purchaseId: string
  /** Whether the site was told (a webhook it took); true for providers that are asked instead. */
  readonly notified: boolean
}

export interface CheckoutRequest {
  readonly order: Order
  /** Called once the delivery is mined: the stand-in records the purchase, and says whether the site was told. */
  readonly delivered: (hash: Hex) => Promise<Receipt>
}

interface Open extends CheckoutRequest {
  readonly expires: number
  receipt: Promise<Receipt> | undefined
}

export interface Checkouts {
  /** Shows the checkout page for `request` (a fresh checkout). */
  readonly open: (request: CheckoutRequest, response: ServerResponse) => void
  /** `POST /checkout/pay`. */
  readonly pay: (request: IncomingMessage, response: ServerResponse) => Promise<void>
}

export const makeCheckouts = (treasury: Treasury): Checkouts => {
  const opened = new Map<string, Open>()

  const sweep = (now: number) => {
    for (const [id, checkout] of opened) if (checkout.expires < now) opened.delete(id)
  }

  const fill = async (checkout: Open): Promise<Receipt> => {
    const { order } = checkout
    const hash = await treasury.deliver(order.network.chainId, order.asset, getAddress(order.to), order.quote.units)
    return checkout.delivered(hash)
  }

  return {
    open: (request, response) => {
      const now = Date.now()
      sweep(now)
      const id = randomUUID()
      opened.set(id, { ...request, expires: now + lifetimeMillis, receipt: undefined })
      html(response, 200, checkoutPage(request.order, id))
    },

    pay: async (request, response) => {
      const body = bodyOf(request)
      if (body === undefined) return html(response, 413, problemPage(undefined, "This payment cannot be read", "The form was too large."))
      const form = new URLSearchParams(await body)
      const id = form.get("checkout") ?? ""
      const now = new Date()
      sweep(now.getTime())
      const checkout = opened.get(id)
      if (checkout === undefined) return html(response, 410, problemPage(undefined, "This checkout has ended", "Checkouts are good for thirty minutes."))
      if (checkout.receipt !== undefined) return html(response, 200, receiptPage(checkout.order, await checkout.receipt))
      const card = checkCard({ number: form.get("card_number") ?? "", expiry: form.get("expiry") ?? "", cvc: form.get("cvc") ?? "" }, now)
      if (card._tag === "Invalid") return html(response, 400, checkoutPage(checkout.order, id, card))
      if (card._tag === "Declined") return html(response, 402, checkoutPage(checkout.order, id, card))
      // Set before the first await, so a second submission waits for this one instead of paying again.
      checkout.receipt = fill(checkout)
      try {
        return html(response, 200, receiptPage(checkout.order, await checkout.receipt))
      } catch (error) {
        checkout.receipt = undefined
        const reason = error instanceof Error ? error.message : String(error)
        return html(response, 502, problemPage(checkout.order.ramp, "The delivery failed", `Nothing was charged. (${reason})`))
      }
    }
  }
}
