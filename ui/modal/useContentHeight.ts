/**
 * The modal's height follows its content (spec §9: the height animates in 150 ms). CSS cannot transition to
 * `auto`, so the dialog gets the content's height in pixels and its stylesheet transitions that (none under
 * `prefers-reduced-motion`). A ResizeObserver on the header and the view's body hands over their sizes after
 * layout, so nothing is measured by forcing one; the view's own scrolling takes over past the dialog's max-height.
 */
import { type RefObject, useLayoutEffect } from "react"

/** What the dialog adds around its content: its top and bottom borders (styles.ts). */
const dialogBorderPx = 2

/** Follows the content of the dialog in `dialog` while it shows `view` (a new view has a new body to observe). */
export const useContentHeight = (dialog: RefObject<HTMLElement | null>, open: boolean, view: string | undefined): void => {
  useLayoutEffect(() => {
    const element = dialog.current
    if (!open) return
    // The body of the view on screen: each view has its own (ModalRoot keys it by view).
    const parts = [".header", `.view-body[data-body-of="${view ?? ""}"]`].map((selector) => element?.querySelector<HTMLElement>(selector))
    if (element === null || parts.some((part) => part === null || part === undefined)) return
    const heights = new Map<Element, number>()
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) heights.set(entry.target, entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height)
      if (heights.size < parts.length) return
      const total = [...heights.values()].reduce((sum, height) => sum + height, dialogBorderPx)
      element.style.setProperty("height", `${Math.ceil(total)}px`)
    })
    for (const part of parts) if (part !== null && part !== undefined) observer.observe(part)
    return () => observer.disconnect()
  }, [dialog, open, view])
}
