/**
 * The Account view's Tokens / NFTs / Activity tabs (spec §2), as WAI-ARIA tabs: one tab stop; the arrow
 * keys, Home and End move between them. Tokens is the view's first screen; NFTs and Activity are chunks of
 * their own (issue 30), fetched when the visitor points at their tab or brings focus to the tabs.
 */
import { type KeyboardEvent, useState } from "react"
import type * as Session from "../../../core/Session.ts"
import { useModalContext } from "../ModalContext.ts"
import { LazyView, lazyChunk } from "../LazyView.tsx"
import { Tokens } from "./Tokens.tsx"

type Tab = "tokens" | "nfts" | "activity"

const lazyPanels = {
  nfts: lazyChunk(() => import("./Nfts.tsx").then((module) => module.Nfts)),
  activity: lazyChunk(() => import("./Activity.tsx").then((module) => module.Activity))
}

const preload = (tab: Tab) => {
  if (tab !== "tokens") lazyPanels[tab].preload()
}
const tabs: ReadonlyArray<Tab> = ["tokens", "nfts", "activity"]

const nextTab = (tab: Tab, key: string): Tab | undefined => {
  const index = tabs.indexOf(tab)
  switch (key) {
    case "ArrowRight":
      return tabs[(index + 1) % tabs.length]
    case "ArrowLeft":
      return tabs[(index + tabs.length - 1) % tabs.length]
    case "Home":
      return tabs[0]
    case "End":
      return tabs.at(-1)
    default:
      return undefined
  }
}

export function AccountTabs({ account }: { readonly account: Session.SessionAccount }) {
  const { t } = useModalContext()
  const [tab, setTab] = useState<Tab>("tokens")
  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = nextTab(tab, event.key)
    if (next === undefined) return
    event.preventDefault()
    setTab(next)
    event.currentTarget.querySelector<HTMLButtonElement>(`#portico-tab-${next}`)?.focus()
  }
  return (
    <>
      {/* Focus on the tabs: the arrow keys are a keystroke from either other panel. */}
      <div className="tabs" role="tablist" aria-label={t("accountTabs")} onKeyDown={onTabKey} onFocus={() => tabs.forEach(preload)}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`portico-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="portico-tabpanel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onPointerEnter={() => preload(name)}
          >
            {t(name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="portico-tabpanel" aria-labelledby={`portico-tab-${tab}`}>
        {tab === "tokens" ? <Tokens account={account} /> : <LazyView key={tab} chunk={lazyPanels[tab]} props={{ account }} />}
      </div>
    </>
  )
}
