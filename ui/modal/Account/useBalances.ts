/** The account's balances, loaded when a view that shows them mounts (or the account or network changes). */
import { useEffect } from "react"
import * as AccountData from "../../../core/features/AccountData.ts"
import type * as Session from "../../../core/Session.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

export const useBalances = (account: Session.SessionAccount) => {
  const { engine } = useModalContext()
  const state = useEngineAtom(engine.atoms.balances(account))
  useEffect(() => {
    void engine.loadBalances(account)
  }, [engine, account])
  return { state, shown: AccountData.shownBalances(state) }
}
