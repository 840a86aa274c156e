/**
 * `<portico-connect-button>`: the connect button as a custom element, for pages without React. It
 * renders a plain <button> in its own light DOM (styled by the same adopted stylesheet as the React
 * button, so the host's CSS wins), follows the visitor's state, gets the modal ready on intent and
 * opens it on click.
 */
import { buttonModel } from "../buttonModel.ts"
import { adoptButtonStyles } from "../react/buttonStyles.ts"
import type { Portico } from "./createPortico.ts"

export const elementName = "portico-connect-button"

// The element by name in a host's TypeScript: `document.querySelector` and React's JSX know it.
declare global {
  interface HTMLElementTagNameMap {
    "portico-connect-button": HTMLElement
  }
}
declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "portico-connect-button": import("react").DetailedHTMLProps<import("react").HTMLAttributes<HTMLElement>, HTMLElement>
    }
  }
}

/** Registers `<portico-connect-button>` for `portico` (once per page; a second call is refused). */
export const definePorticoElements = (portico: Portico): void => {
  if (globalThis.customElements.get(elementName) !== undefined) {
    throw new Error(`<${elementName}> is already defined on this page: call definePorticoElements once`)
  }
  adoptButtonStyles()
  globalThis.customElements.define(elementName, class extends HTMLElement {
    #button: HTMLButtonElement | undefined
    #unsubscribe: (() => void) | undefined

    connectedCallback() {
      const button = document.createElement("button")
      button.type = "button"
      button.setAttribute("data-portico-button", "")
      button.setAttribute("aria-haspopup", "dialog")
      button.addEventListener("click", () => void portico.open())
      for (const intent of ["pointerenter", "focus", "touchstart"]) button.addEventListener(intent, portico.prepare, { passive: true })
      this.replaceChildren(button)
      this.#button = button
      this.#render()
      this.#unsubscribe = portico.subscribe(() => this.#render())
    }

    disconnectedCallback() {
      this.#unsubscribe?.()
      this.#unsubscribe = undefined
    }

    #render() {
      const button = this.#button
      if (button === undefined) return
      const state = portico.getState()
      const model = buttonModel(portico.config, portico.getLocale(), state.address, state.profileName)
      button.textContent = model.label
      button.setAttribute("data-theme", model.theme)
      button.toggleAttribute("data-connected", model.connected)
      if (model.accent !== undefined) {
        button.setAttribute("data-accent", "")
        // Through CSSOM, not a style attribute: a strict CSP allows only that.
        button.style.setProperty("--portico-accent", model.accent)
      }
    }
  })
}
