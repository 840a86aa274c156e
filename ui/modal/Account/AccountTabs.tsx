/**
 * The Account view's Tokens / NFTs / Activity tabs (spec §2), as WAI-ARIA tabs: one tab stop; the arrow
 * keys, Home and End move between them.
 */
import { type KeyboardEvent, useState } from "react"
import type * as Session from "../../../core/Session.ts"
import { useModalContext } from "../ModalContext.ts"
import { Activity } from "./Activity.tsx"
import { Nfts } from "./Nfts.tsx"
import { Tokens } from "./Tokens.tsx"

type Tab = "tokens" | "nfts" | "activity"
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
      <div className="tabs" role="tablist" aria-label={t("accountTabs")} onKeyDown={onTabKey}>
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
          >
            {t(name)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="portico-tabpanel" aria-labelledby={`portico-tab-${tab}`}>
        {tab === "tokens" ? <Tokens account={account} /> : tab === "nfts" ? <Nfts account={account} /> : <Activity account={account} />}
      </div>
    </>
  )
}
