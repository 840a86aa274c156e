/**
 * The legal checkbox (core/LegalLinks.ts) over the ways of connecting: "I agree to the Terms of Service and
 * Privacy Policy", both linked to the host's pages in a new tab, and until it is ticked every way of connecting
 * under it is disabled (one native fieldset) and described by the reason, which the checkbox carries too.
 */
import type { ReactNode } from "react"
import * as LegalLinks from "../../../core/LegalLinks.ts"
import { useStage, useStageState } from "../StageContext.ts"

// Private-use characters stand for the two links while the sentence is translated, so each language places them.
const termsMark = "\uE000"
const privacyMark = "\uE001"

/** One of the host's pages, in a new tab that gets neither this page as its opener nor its address. */
const link = (key: string, href: string, label: string) => (
  <a key={key} href={href} target="_blank" rel="noopener noreferrer">{label}</a>
)

export function LegalGate({ children }: { readonly children: ReactNode }) {
  const { stage, t } = useStage()
  const agreed = useStageState().legalAgreed
  const links = stage.offer.legal
  if (links === undefined) return children
  const blocked = LegalLinks.blocks(links, agreed)
  const hint = blocked ? "portico-legal-hint" : undefined
  const sentence = t("legalAgree", { terms: termsMark, privacy: privacyMark }).split(/([\uE000\uE001])/).map((part) =>
    part === termsMark ? link("terms", links.termsConditionsUrl, t("legalTerms")) : part === privacyMark ? link("privacy", links.privacyPolicyUrl, t("legalPrivacy")) : part
  )
  return (
    <div className="stack">
      <div className="legal">
        <input id="portico-legal" type="checkbox" data-legal-checkbox="" checked={agreed} aria-describedby={hint}
          onChange={(event) => void stage.agree(event.currentTarget.checked)} />
        <label htmlFor="portico-legal">{sentence}</label>
      </div>
      {blocked ? <p className="muted legal-hint" id="portico-legal-hint">{t("legalRequired")}</p> : null}
      <fieldset className="gate" disabled={blocked} aria-describedby={hint}>{children}</fieldset>
    </div>
  )
}
