/**
 * The modal's height follows its content (spec §9, 150 ms): going from Connect to ConnectingExternal, the
 * dialog's height runs through values between the two views' heights in a 150 ms transition, and with
 * `prefers-reduced-motion: reduce` it takes the new height at once, without any transition; its top edge stays
 * where it opened, only the bottom moves. The transition is
 * caught by its own `transitionrun` event and paused there, so no step depends on how busy the machine is.
 */
import { afterEach, describe, expect, it } from "vitest"
import { cdp } from "vitest/browser"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { button, dialog, openModal, renderPortico, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined
afterEach(async () => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
  await cdp().send("Emulation.setEmulatedMedia", { features: [] })
})

const heightTransition = (element: HTMLElement) =>
  element.getAnimations().find((animation): animation is CSSTransition => animation instanceof CSSTransition && animation.transitionProperty === "height")

const px = (value: string) => Number.parseFloat(value)

/** Connect with the test wallet, its height once the observer set it, and the dialog. */
const openOnConnect = async () => {
  wallet = announceTestWallet()
  await renderPortico()
  await openModal()
  await view("Connect")
  await until(() => button(/Test Wallet/))
  const element = await until(() => dialog())
  await until(() => element.style.height !== "" && px(getComputedStyle(element).height) === px(element.style.height))
  return { element, before: px(element.style.height) }
}

describe("the modal's height", () => {
  it("follows the next view's content through intermediate heights in a 150 ms transition", async () => {
    const { element, before } = await openOnConnect()
    const caught = new Promise<CSSTransition>((resolve) => {
      element.addEventListener("transitionrun", (event) => {
        const transition = event.propertyName === "height" ? heightTransition(element) : undefined
        if (transition === undefined) return
        transition.pause()
        resolve(transition)
      })
    })
    button(/Test Wallet/)?.click()
    await view("ConnectingExternal")
    const transition = await caught
    expect(transition.effect?.getComputedTiming().duration).toBe(150)
    const target = px(element.style.height)
    expect(Math.abs(target - before)).toBeGreaterThan(20)
    transition.currentTime = 75
    const middle = px(getComputedStyle(element).height)
    expect(middle).toBeGreaterThan(Math.min(before, target))
    expect(middle).toBeLessThan(Math.max(before, target))
    transition.finish()
    await until(() => px(getComputedStyle(element).height) === px(element.style.height))
  })

  it("keeps its top edge where it opened while the height changes, so nothing moves under the pointer", async () => {
    const { element, before } = await openOnConnect()
    const top = element.getBoundingClientRect().top
    button(/Test Wallet/)?.click()
    await view("ConnectingExternal")
    await until(() => px(element.style.height) !== before && px(getComputedStyle(element).height) === px(element.style.height))
    expect(element.getBoundingClientRect().top).toBe(top)
    expect(top).toBeCloseTo(innerHeight * 0.05, 0)
  })

  it("takes the new height at once under prefers-reduced-motion: reduce", async () => {
    await cdp().send("Emulation.setEmulatedMedia", { features: [{ name: "prefers-reduced-motion", value: "reduce" }] })
    expect(matchMedia("(prefers-reduced-motion: reduce)").matches).toBe(true)
    const { element, before } = await openOnConnect()
    let transitions = 0
    element.addEventListener("transitionrun", () => transitions++)
    button(/Test Wallet/)?.click()
    await view("ConnectingExternal")
    await until(() => px(element.style.height) !== before)
    expect(heightTransition(element)).toBeUndefined()
    expect(px(getComputedStyle(element).height)).toBe(px(element.style.height))
    expect(transitions).toBe(0)
  })
})
