/**
 * The strip at the top of every panel that a look-alike cannot copy: the site asking, as the frame's
 * bound channel knows it (the host's origin, never the name the host gives itself), and the visitor's
 * sign kept on the wallet's origin (Marker.ts), which the host's page cannot read.
 */
import * as Option from "effect/Option"
import { el } from "./Dom.ts"
import * as Marker from "./Marker.ts"
import type { PanelStrings } from "./PanelStrings.ts"

export const render = (header: HTMLElement, all: PanelStrings, site: string): void => {
  const strings = all.trust
  const marker = Marker.read()
  header.replaceChildren(
    el("p", {}, el("span", { class: "muted" }, `${strings.site} `), el("strong", { class: "mono", "data-site": "" }, site)),
    Option.match(marker, {
      onNone: () => el("p", { class: "muted" }, strings.noMarker),
      onSome: (sign) => el("p", {}, el("span", { class: "muted" }, `${strings.marker} `), el("strong", { "data-marker": "" }, sign))
    })
  )
}

/** The sign of this browser, drawn now if it has none (a setup or a recovery here), as the panel tells it. */
export const signOf = (all: PanelStrings): ReadonlyArray<Node> =>
  Option.match(Marker.ensure(), {
    onNone: () => [],
    onSome: (sign) => [el("p", { class: "note", "data-marker-intro": "" }, all.trust.markerIntro(sign))]
  })
