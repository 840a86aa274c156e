/**
 * A view or a panel in a chunk of its own (issue 30: the modal's first chunk holds only the connect path's
 * screens), fetched on the visitor's intent for it (pointer over or focus on what leads there) or when it
 * first shows, then kept. Rendering never suspends: while the chunk loads a status line shows instead of a
 * Suspense fallback React would hold for 300 ms, and a chunk that did not arrive (offline, or the site was
 * updated meanwhile) is said, with a retry.
 */
import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from "react"
import { focusableSelector, focusFirst } from "./components/focusFirst.ts"
import { useModalContext } from "./ModalContext.ts"

export interface LazyChunk<P> {
  /** Fetches the chunk ahead. Best effort: a chunk that fails here is fetched again when it shows. */
  readonly preload: () => void
  readonly load: () => Promise<ComponentType<P>>
  /** The component once its chunk arrived. */
  readonly loaded: () => ComponentType<P> | undefined
}

export const lazyChunk = <P,>(load: () => Promise<ComponentType<P>>): LazyChunk<P> => {
  let component: ComponentType<P> | undefined
  const fetchChunk = () =>
    load().then((loaded) => {
      component = loaded
      return loaded
    })
  return {
    load: fetchChunk,
    loaded: () => component,
    preload: () => {
      if (component === undefined) fetchChunk().catch(() => undefined)
    }
  }
}

export interface LazyViewProps<P> {
  readonly chunk: LazyChunk<P>
  readonly props: P
  /**
   * A whole view: when its chunk arrives after it showed, focus moves to its first control (the dialog
   * put it on the header's meanwhile), unless the visitor already moved into the view.
   */
  readonly focusOnArrival?: boolean
}

export function LazyView<P extends object>({ chunk, props, focusOnArrival = false }: LazyViewProps<P>) {
  const { t } = useModalContext()
  const [View, setView] = useState<ComponentType<P> | undefined>(() => chunk.loaded())
  const [failed, setFailed] = useState(false)
  // The view's container, found from the status line while the chunk loads.
  const container = useRef<HTMLElement | null>(null)
  const arrived = useRef(false)
  useEffect(() => {
    if (View !== undefined || failed) return
    let live = true
    chunk.load().then(
      (component) => {
        if (!live) return
        arrived.current = true
        setView(() => component)
      },
      () => {
        if (live) setFailed(true)
      }
    )
    return () => {
      live = false
    }
  }, [chunk, View, failed])
  // After the render that shows the arrived view (every render checks: it is a flag's read).
  useLayoutEffect(() => {
    if (!focusOnArrival || !arrived.current || container.current === null) return
    arrived.current = false
    const root = container.current.getRootNode()
    const active = root instanceof ShadowRoot || root instanceof Document ? root.activeElement : null
    if (active === null || !container.current.contains(active)) focusFirst(container.current, focusableSelector)
  })
  const holder = (element: HTMLElement | null) => {
    if (element !== null) container.current = element.closest<HTMLElement>(".view") ?? element.parentElement
  }
  if (failed) {
    return (
      <div className="stack" ref={holder}>
        <p className="error" role="alert">{t("errorFeatureUnavailable")}</p>
        <button type="button" className="secondary" onClick={() => setFailed(false)}>{t("tryAgain")}</button>
      </div>
    )
  }
  return View === undefined ? <p className="muted" role="status" ref={holder}>{t("loading")}</p> : <View {...props} />
}
