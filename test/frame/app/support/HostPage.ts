/**
 * The host's side of the frame, as the test drives it in Chromium: a page that attaches the frame as an
 * iframe (or opens it as the wallet's own window), keeps every message the frame posts to it (from the
 * frame's window and origin only), sends
 * requests the way the modal does (FrameProtocol's envelope, a fresh id, addressed to the frame's
 * origin), and shows panels in iframes of their own.
 */
import type { FrameLocator, Page } from "playwright-core"
import { channel } from "../../../../core/embedded/FrameProtocol.ts"

export interface Message {
  readonly channel?: string
  readonly kind?: string
  readonly id?: string
  readonly type?: string
  readonly payload?: unknown
  readonly event?: { readonly type: string; readonly [key: string]: unknown }
}

interface HostState {
  readonly inbox: Array<Message>
  /** The frame's window: the iframe's, or the popup's. */
  readonly target: () => Window | null
  readonly origin: string
}

type HostWindow = Window & { portico?: HostState }

const freshId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")

/** Attaches the frame at `frameUrl` and starts keeping what it posts. */
export const attachFrame = (page: Page, frameUrl: string): Promise<void> =>
  page.evaluate((url) => {
    const frame = document.createElement("iframe")
    frame.src = url
    frame.title = "wallet"
    frame.hidden = true
    const inbox: Array<Message> = []
    ;(window as HostWindow).portico = { inbox, target: () => frame.contentWindow, origin: new URL(url).origin }
    window.addEventListener("message", (event) => {
      if (event.source === frame.contentWindow && event.origin === new URL(url).origin) inbox.push(event.data as Message)
    })
    document.body.append(frame)
  }, frameUrl)

/**
 * Opens the frame at `frameUrl` as the wallet's own window, telling it `host` as this page's origin
 * (this page's own unless a test lies), and starts keeping what it posts.
 */
export const openWindow = (page: Page, frameUrl: string, host?: string): Promise<void> =>
  page.evaluate((target) => {
    const url = new URL(target.url)
    url.searchParams.set("window", "popup")
    url.searchParams.set("host", target.host ?? location.origin)
    const popup = window.open(url.toString(), "wallet", "popup,width=460,height=720")
    const inbox: Array<Message> = []
    ;(window as HostWindow).portico = { inbox, target: () => popup, origin: url.origin }
    window.addEventListener("message", (event) => {
      if (popup !== null && event.source === popup && event.origin === url.origin) inbox.push(event.data as Message)
    })
  }, { url: frameUrl, host })

/** Every message the frame posted so far. */
export const inbox = (page: Page): Promise<ReadonlyArray<Message>> => page.evaluate(() => [...((window as HostWindow).portico?.inbox ?? [])])

/** Sends a request as the modal does; resolves with its id. */
export const send = (page: Page, type: string, payload: unknown, id: string = freshId()): Promise<string> =>
  page.evaluate((request) => {
    const state = (window as HostWindow).portico
    if (state === undefined) throw new Error("no frame attached")
    state.target()?.postMessage({ ...request, kind: "request" }, state.origin)
    return request.id
  }, { channel, type, payload, id })

/** Waits for the first message the frame posted that `matches` (by id, or by event type). */
export const waitFor = (page: Page, matches: { readonly id?: string; readonly event?: string; readonly after?: number }): Promise<Message> =>
  page.waitForFunction((wanted) => {
    const found = ((window as HostWindow).portico?.inbox ?? []).slice(wanted.after ?? 0).find((message) =>
      wanted.id !== undefined ? message.kind === "response" && message.id === wanted.id : message.kind === "event" && message.event?.type === wanted.event
    )
    return found ?? false
  }, matches, { timeout: 20_000 }).then((handle) => handle.jsonValue() as Promise<Message>)

/** Sends a request and waits for its answer. */
export const request = async (page: Page, type: string, payload: unknown): Promise<Message> => waitFor(page, { id: await send(page, type, payload) })

/** Shows the panel at `url` in an iframe of the host page, for the test to use as the visitor would. */
export const showPanel = async (page: Page, url: string): Promise<FrameLocator> => {
  const name = `panel-${freshId()}`
  await page.evaluate((target) => {
    const panel = document.createElement("iframe")
    panel.src = target.url
    panel.name = target.name
    panel.title = "panel"
    panel.setAttribute("allow", "clipboard-write")
    // The modal's size for a panel, so what a visitor sees needs no scrolling inside it.
    panel.style.width = "420px"
    panel.style.height = "560px"
    document.body.append(panel)
  }, { url, name })
  return page.frameLocator(`iframe[name="${name}"]`)
}
