/**
 * The few DOM helpers the panels are written with: an element with attributes, text and children, and a
 * view swapped in with its heading focused (screen readers and keyboards land on what is new). Text is
 * always set as text, never as markup.
 */
export type Child = Node | string

export const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: ReadonlyArray<Child>
): HTMLElementTagNameMap[K] => {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  element.append(...children)
  return element
}

export const button = (label: string, onClick: () => void, kind: "primary" | "secondary" | "link" = "secondary"): HTMLButtonElement => {
  const element = el("button", { type: "button", ...(kind === "secondary" ? {} : { class: kind }) }, label)
  element.addEventListener("click", onClick)
  return element
}

/** Shows `children` under a heading `title`, and moves the focus to the heading. */
export const show = (root: HTMLElement, title: string, ...children: ReadonlyArray<Child>): void => {
  const heading = el("h1", { tabindex: "-1" }, title)
  root.replaceChildren(heading, ...children)
  heading.focus()
}
