/**
 * Send (a feature area of spec §2, loaded on demand): pick a token of the account's balances on the
 * active network (icon, balance, USD value), an amount (Max; its USD value as it is typed), a receiver
 * as an address or a name (resolved, its name shown), then a preview (from, to, amount, value, network,
 * fee) and the send through the connected wallet. The engine keeps the form: a refusal or a failure
 * leaves everything as typed, with the reason said in the visitor's language.
 */
import * as Explorer from "../../../core/Explorer.ts"
import { type FormEvent, useState } from "react"
import * as Format from "../../../core/Format.ts"
import * as Session from "../../../core/Session.ts"
import * as Amount from "../../../core/send/Amount.ts"
import * as FiatValue from "../../../core/send/FiatValue.ts"
import * as TokenBalance from "../../../core/TokenBalance.ts"
import { formatUnits } from "viem"
import { useBalances } from "../Account/useBalances.ts"
import { shortenAddress } from "../Account/shortenAddress.ts"
import { asFailure, type Failure } from "../components/asFailure.ts"
import { errorText } from "../components/errorText.ts"
import { focusFirst } from "../components/focusFirst.ts"
import { WalletIcon } from "../components/WalletIcon.tsx"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

/** The USD value of `amount` tokens at `price`, exact on decimal digits until it is formatted. */
const usdOf = (amount: string, price: number | undefined): number | undefined => {
  const value = amount === "" ? undefined : FiatValue.of(amount, price)
  return value === undefined ? undefined : Number(value)
}

function Preview({ account, fee, onEdit }: { readonly account: Session.SessionAccount; readonly fee: bigint | undefined; readonly onEdit: () => void }) {
  const { engine, t, locale } = useModalContext()
  const form = useEngineAtom(engine.atoms.sendForm)
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const network = engine.config.networks.find((candidate) => candidate.caipNetworkId === account.caipNetworkId)
  const token = form.token
  const amount = form.sendTokenAmount ?? ""
  const usd = usdOf(amount, token?.price)
  const confirm = () => {
    setFailure(undefined)
    engine.send().then(
      (id) => {
        const explorer = Explorer.transactionUrl(network, id)
        void engine.showToast({
          message: t("sendSent"),
          variant: "success",
          ...(explorer === undefined ? {} : { link: { href: explorer, label: t("sendOnExplorer") } })
        })
      },
      (cause: unknown) => setFailure(asFailure(cause))
    )
  }
  return (
    <div data-send-step="preview">
      <dl className="summary">
        <dt>{t("sendFrom")}</dt>
        <dd data-send-from={account.address}>{shortenAddress(account.address)}</dd>
        <dt>{t("sendTo")}</dt>
        <dd data-send-to={form.receiverAddress}>
          {form.receiverProfileImageUrl === undefined || !engine.isImageAllowed(form.receiverProfileImageUrl)
            ? null
            : <img className="avatar" src={form.receiverProfileImageUrl} alt="" referrerPolicy="no-referrer" />}
          {form.receiverProfileName === undefined ? null : <strong>{form.receiverProfileName} </strong>}
          {shortenAddress(form.receiverAddress ?? "")}
        </dd>
        <dt>{t("sendAmount")}</dt>
        <dd data-send-amount="">{t("balanceOf", { amount, symbol: token?.symbol ?? "" })}{usd === undefined ? null : <span className="muted"> {t("sendFiatValue", { value: Format.formatUsd(usd, locale) })}</span>}</dd>
        <dt>{t("sendNetwork")}</dt>
        <dd>{network?.name ?? account.caipNetworkId}</dd>
        <dt>{t("sendFee")}</dt>
        <dd data-send-fee="">
          {fee === undefined || network === undefined
            ? t("sendFeeUnknown")
            : t("balanceOf", { amount: Format.formatFee(formatUnits(fee, network.nativeCurrency.decimals), locale), symbol: network.nativeCurrency.symbol })}
        </dd>
      </dl>
      {form.loading ? <p className="muted" role="status">{t("sendConfirmInWallet")}</p> : null}
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      <div className="actions">
        <button type="button" className="secondary" onClick={onEdit} disabled={form.loading}>{t("sendEdit")}</button>
        <button type="button" className="primary" onClick={confirm} disabled={form.loading}>{t("sendConfirm")}</button>
      </div>
    </div>
  )
}

function Form({ account, onReview }: { readonly account: Session.SessionAccount; readonly onReview: (fee: bigint | undefined) => void }) {
  const { engine, t, locale } = useModalContext()
  const form = useEngineAtom(engine.atoms.sendForm)
  const { shown } = useBalances(account)
  const [receiver, setReceiver] = useState(form.receiverProfileName ?? form.receiverAddress ?? "")
  const [failure, setFailure] = useState<Failure | undefined>(undefined)
  const [checking, setChecking] = useState(false)
  const tokens = shown === undefined ? [] : TokenBalance.withoutZeroDecimals(shown.balances)
  const amount = form.sendTokenAmount ?? ""
  const usd = usdOf(amount, form.token?.price)

  /** The whole balance; for the native coin, less the network fee of sending it (when it can be estimated). */
  const max = async () => {
    const token = form.token
    if (token === undefined) return
    await engine.setSendAmount(token.quantity.numeric)
    if (token.address !== undefined) return
    await engine.setSendReceiver(receiver).catch(() => undefined)
    const fee = await engine.estimateSendFee().catch(() => undefined)
    if (fee !== undefined) await engine.setSendAmount(Amount.max(token.quantity.numeric, Number(token.quantity.decimals), fee))
  }

  const review = async (event: FormEvent) => {
    event.preventDefault()
    setFailure(undefined)
    setChecking(true)
    try {
      await engine.setSendReceiver(receiver)
      // The fee comes from the same checks the send runs: the form's rules fail first, in the spec's words.
      const fee = await engine.estimateSendFee().then(
        (value): bigint | undefined => value,
        (cause: unknown) => {
          const reason = asFailure(cause)
          // Without a fee estimate the preview still shows; every other reason stops here.
          if (reason._tag !== "ChainReadError") throw cause
          return undefined
        }
      )
      onReview(fee)
    } catch (cause) {
      setFailure(asFailure(cause))
    } finally {
      setChecking(false)
    }
  }

  if (tokens.length === 0) return <p className="muted">{t("sendNoTokens")}</p>
  return (
    <form onSubmit={(event) => void review(event)} data-send-step="form">
      <fieldset className="tokens">
        <legend>{t("sendToken")}</legend>
        {tokens.map((token) => {
          const id = `${token.chainId}:${token.address ?? "native"}`
          const chosen = form.token !== undefined && `${form.token.chainId}:${form.token.address ?? "native"}` === id
          return (
            <label key={id} className="row-line" data-send-token={token.symbol}>
              <span className="token">
                <input type="radio" name="portico-send-token" checked={chosen} onChange={() => void engine.setSendToken(token)} />
                <WalletIcon src={token.iconUrl} name={token.symbol} />
                <span>{token.symbol}</span>
              </span>
              <span className="amounts">
                <span>{t("balanceOf", { amount: Format.formatTokenBalance(token.quantity.numeric, locale), symbol: token.symbol })}</span>
                {token.value === undefined ? null : <span className="muted">{Format.formatUsd(token.value, locale)}</span>}
              </span>
            </label>
          )
        })}
      </fieldset>
      <label className="field">
        <span>{t("sendAmount")}</span>
        <span className="with-suffix">
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            data-send-amount-input=""
            onChange={(event) => void engine.setSendAmount(event.currentTarget.value)}
          />
          <button type="button" className="secondary" disabled={form.token === undefined} onClick={() => void max()}>
            {t("sendMax")}
          </button>
        </span>
        {usd === undefined ? null : <span className="muted" data-send-fiat="">{t("sendFiatValue", { value: Format.formatUsd(usd, locale) })}</span>}
      </label>
      <label className="field">
        <span>{t("sendReceiver")}</span>
        <span className="with-suffix">
          <input type="text" autoComplete="off" spellCheck={false} value={receiver} data-send-receiver-input="" onChange={(event) => setReceiver(event.currentTarget.value)} />
        </span>
      </label>
      {failure === undefined ? null : <p className="error" role="alert">{errorText(failure, t)}</p>}
      <div className="actions">
        <button type="submit" className="primary" disabled={checking}>{t("sendReview")}</button>
      </div>
    </form>
  )
}

function Steps({ account }: { readonly account: Session.SessionAccount }) {
  const [step, setStep] = useState<{ readonly _tag: "Form" } | { readonly _tag: "Preview"; readonly fee: bigint | undefined }>({ _tag: "Form" })
  // The step's controls replace the ones that had focus: focus moves to the new step's first control
  // (each step mounts afresh), so keyboard users (and Escape) stay inside the dialog.
  return (
    <div key={step._tag} tabIndex={-1} ref={(element) => focusFirst(element, "input:not([disabled]), button:not([disabled])")}>
      {step._tag === "Form"
        ? <Form account={account} onReview={(fee) => setStep({ _tag: "Preview", fee })} />
        : <Preview account={account} fee={step.fee} onEdit={() => setStep({ _tag: "Form" })} />}
    </div>
  )
}

export function Send() {
  const { engine, t } = useModalContext()
  const account = Session.activeAccount(useEngineAtom(engine.atoms.session))
  if (account === undefined) return <p className="muted">{t("noAccount")}</p>
  // A network switch resets the form (core/Networks), and the steps start again from the form.
  return <Steps key={account.caipNetworkId} account={account} />
}
