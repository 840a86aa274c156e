/**
 * The Permissions view (issue 27): what this site may still spend from the connected EVM account (its
 * ERC-7715 permissions as the chain holds them), each in words, with Revoke. Revoking asks the visitor to
 * sign in their wallet; the list shown afterwards is the one read again from the chain. Every name
 * (the token's symbol, the spender) is rendered as text.
 */
import { useCallback, useEffect, useId, useState } from "react"
import { settle } from "../../../app/Action.ts"
import type { PermissionRow } from "../../../core/features/Permissions.ts"
import { wordsOf } from "../../../core/permissions/PermissionWords.ts"
import type { PermissionSummary } from "../../../core/permissions/PermissionSummary.ts"
import { shortenAddress } from "../Account/shortenAddress.ts"
import { errorText, type Failure } from "../components/errorText.ts"
import { useModalContext } from "../ModalContext.ts"

function Permission({ row, pending, onRevoke }: {
  readonly row: PermissionRow
  readonly pending: boolean
  readonly onRevoke: (summary: PermissionSummary) => void
}) {
  const { engine, t } = useModalContext()
  const id = useId()
  const { summary, token } = row
  const words = wordsOf(summary, token.decimals, t.locale, engine.timeZone())
  const amount = { amount: words.amountPerPeriod, token: token.symbol }
  const spent = { amount: words.spentThisPeriod, token: token.symbol }
  return (
    <li className="stack permission" data-permission={summary.pci}>
      <p id={id} className="permission-limit">
        {words.daily ? t("permissionPerDay", amount) : t("permissionPerPeriod", { ...amount, period: words.period })}
      </p>
      <p className="muted" data-permission-spent="">
        {summary.state === "notStarted"
          ? t("permissionNotStarted")
          : words.daily ? t("permissionSpentToday", spent) : t("permissionSpentThisPeriod", spent)}
      </p>
      <p className="muted">{t("permissionUntil", { date: words.until })}</p>
      <p className="muted" title={summary.spender}>{t("permissionSpender", { spender: shortenAddress(summary.spender) })}</p>
      <button
        type="button"
        className="secondary"
        data-revoke-permission=""
        aria-describedby={id}
        disabled={pending}
        onClick={() => onRevoke(summary)}
      >
        {pending ? t("revokingPermission") : t("revokePermission")}
      </button>
    </li>
  )
}

export function PermissionsView() {
  const { engine, t } = useModalContext()
  const [rows, setRows] = useState<ReadonlyArray<PermissionRow> | undefined>(undefined)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [pending, setPending] = useState<string | undefined>(undefined)
  const shown = useCallback((next: ReadonlyArray<PermissionRow>) => {
    setRows(next)
    setFailure(undefined)
  }, [])
  useEffect(() => {
    let live = true
    settle(engine.permissions.list(), (next) => {
      if (live) shown(next)
    }, (error) => {
      if (live) setFailure(error)
    })
    return () => {
      live = false
    }
  }, [engine, shown])
  const retry = () => {
    setFailure(undefined)
    settle(engine.permissions.list(), shown, setFailure)
  }
  const revoke = (summary: PermissionSummary) => {
    setPending(summary.pci)
    setFailure(undefined)
    settle(engine.permissions.revoke(summary), (next) => {
      setPending(undefined)
      shown(next)
    }, (error) => {
      setPending(undefined)
      setFailure(error)
    })
  }
  return (
    <div className="stack" data-permissions="">
      {rows === undefined && failure === undefined ? <p className="muted" role="status">{t("loading")}</p> : null}
      {rows?.length === 0 ? <p className="muted" data-permissions-empty="">{t("permissionsEmpty")}</p> : null}
      {rows === undefined || rows.length === 0 ? null : (
        <ul className="list" aria-label={t("permissions")}>
          {rows.map((row) => (
            <Permission key={row.summary.pci} row={row} pending={pending === row.summary.pci} onRevoke={revoke} />
          ))}
        </ul>
      )}
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      {failure !== undefined && rows === undefined ? <button type="button" className="secondary" onClick={retry}>{t("tryAgain")}</button> : null}
    </div>
  )
}
