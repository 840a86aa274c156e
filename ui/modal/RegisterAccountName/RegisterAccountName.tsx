/**
 * RegisterAccountName (spec §2, §4, §5): a name field checked as the visitor types (letters, digits and
 * hyphens; at least 4), suggestions from the server 500 ms after the last keystroke with whether each
 * is taken, and the registration started with the connected wallet. A failed registration comes back
 * here with its error.
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { type FormEvent, useEffect, useState } from "react"
import * as Constants from "../../../core/Constants.ts"
import * as Name from "../../../core/Name.ts"
import { errorText } from "../components/errorText.ts"
import { useEngineAtom, useModalContext } from "../ModalContext.ts"

const ruleText = (label: string): "nameRuleCharacters" | "nameRuleLength" | undefined =>
  label === "" ? undefined : !/^[A-Za-z0-9-]*$/.test(label) ? "nameRuleCharacters" : label.length < Name.minimumLength ? "nameRuleLength" : undefined

function Suggestions({ label, onPick }: { readonly label: string; readonly onPick: (name: string) => void }) {
  const { engine, t } = useModalContext()
  const result = useEngineAtom(engine.atoms.nameSuggestions(label))
  if (AsyncResult.isInitial(result) || result.waiting) return <p className="muted" role="status">{t("loading")}</p>
  if (AsyncResult.isFailure(result)) return <p className="error" role="alert">{t("nameSuggestionsFailed")}</p>
  return (
    <ul className="list" aria-label={t("nameSuggestions")}>
      {result.value.suggestions.map((suggestion) => (
        <li key={suggestion.name} className="row-line" data-suggestion={suggestion.name}>
          <span>{suggestion.name}</span>
          {suggestion.registered
            ? <span className="muted">{t("nameTaken")}</span>
            : (
              <button type="button" className="secondary" onClick={() => onPick(suggestion.name.slice(0, -engine.nameZone.length))}>
                {t("nameChoose")}
              </button>
            )}
        </li>
      ))}
    </ul>
  )
}

export function RegisterAccountName() {
  const { engine, t } = useModalContext()
  const registration = useEngineAtom(engine.atoms.registration)
  const [label, setLabel] = useState(registration._tag === "Failed" ? registration.name.slice(0, -engine.nameZone.length) : "")
  const [settled, setSettled] = useState(label)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(label.trim()), Constants.debounceMillis)
    return () => clearTimeout(timer)
  }, [label])
  const rule = ruleText(label.trim())
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (rule === undefined && label.trim() !== "") void engine.registerName(label.trim())
  }
  return (
    <form onSubmit={submit}>
      <label className="field">
        <span>{t("nameLabel")}</span>
        <span className="with-suffix">
          <input
            type="text"
            value={label}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={rule !== undefined}
            aria-describedby="portico-name-rule"
            onChange={(event) => setLabel(event.currentTarget.value)}
          />
          <span className="muted">{engine.nameZone}</span>
        </span>
      </label>
      <p id="portico-name-rule" className={rule === undefined ? "muted" : "error"} role={rule === undefined ? undefined : "alert"}>
        {t(rule ?? "nameRules")}
      </p>
      {registration._tag === "Failed"
        ? <p className="error" role="alert">{t("nameRegistrationFailed", { reason: errorText(registration.error, t) })}</p>
        : null}
      {rule === undefined && settled.length >= Name.minimumLength ? <Suggestions label={settled} onPick={setLabel} /> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={rule !== undefined || label.trim() === ""}>{t("nameRegister")}</button>
      </div>
    </form>
  )
}
