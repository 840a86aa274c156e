/**
 * What the Activity and NFTs tabs share: the account's transaction list, loaded when a tab opens, and the
 * footer under it (loading; 'Failed to fetch transactions' with "Try again"; "Load more" while the list
 * has a next cursor).
 */
import { useEffect } from "react"
import type * as Session from "../../../core/Session.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

/** The account's list; `all` keeps loading pages until the history ends (the NFTs tab). */
export const useTransactionList = (account: Session.SessionAccount, options: { readonly all?: boolean } = {}) => {
  const { engine } = useModalContext()
  const list = useEngineAtom(engine.atoms.transactions(account))
  const all = options.all === true
  useEffect(() => {
    void (all ? engine.loadAllTransactions(account) : engine.loadTransactions(account))
  }, [engine, account, all])
  return list
}

export function TransactionListFooter({ account }: { readonly account: Session.SessionAccount }) {
  const { engine, t } = useModalContext()
  const list = useEngineAtom(engine.atoms.transactions(account))
  if (list.loading) return <p className="muted" role="status">{t("loading")}</p>
  if (list.error !== undefined) {
    return (
      <div className="actions">
        <p className="error" role="alert">{t("failedToFetchTransactions")}</p>
        <button type="button" className="secondary" onClick={() => void engine.loadTransactions(account, { more: list.next !== undefined })}>
          {t("tryAgain")}
        </button>
      </div>
    )
  }
  if (list.next === undefined) return null
  return (
    <div className="actions">
      <button type="button" className="secondary" onClick={() => void engine.loadTransactions(account, { more: true })}>
        {t("loadMore")}
      </button>
    </div>
  )
}
