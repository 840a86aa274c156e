/**
 * What the server itself writes to a visitor, in every locale the modal speaks: the embedded wallet's
 * mails, the device approval pages and the social login popup's last page. English here, the reference;
 * every other locale a table of its own in `visitorTexts/`, worded as that locale's modal table words
 * it (ui/i18n/locales). `{email}` is a MessageFormat slot (core/MessageFormat.ts).
 */
import type { Locale } from "../../../core/Locale.ts"
import { ar } from "./visitorTexts/ar.ts"
import { de } from "./visitorTexts/de.ts"
import { es } from "./visitorTexts/es.ts"
import { fr } from "./visitorTexts/fr.ts"
import { he } from "./visitorTexts/he.ts"
import { hi } from "./visitorTexts/hi.ts"
import { id } from "./visitorTexts/id.ts"
import { it } from "./visitorTexts/it.ts"
import { ja } from "./visitorTexts/ja.ts"
import { ko } from "./visitorTexts/ko.ts"
import { nl } from "./visitorTexts/nl.ts"
import { pl } from "./visitorTexts/pl.ts"
import { pt } from "./visitorTexts/pt.ts"
import { ru } from "./visitorTexts/ru.ts"
import { th } from "./visitorTexts/th.ts"
import { tr } from "./visitorTexts/tr.ts"
import { uk } from "./visitorTexts/uk.ts"
import { vi } from "./visitorTexts/vi.ts"
import { zhCN } from "./visitorTexts/zh-CN.ts"
import { zhTW } from "./visitorTexts/zh-TW.ts"

/** A page's heading (also its title) and its one paragraph. */
export interface PageText {
  readonly title: string
  readonly body: string
}

/** A mail's subject and the paragraph before its code or link. */
export interface MailText {
  readonly subject: string
  readonly intro: string
}

export interface VisitorTexts {
  readonly mail: {
    /** A sign-in code. */
    readonly code: MailText
    /** The link approving a new device; `outro` follows the link. */
    readonly device: MailText & { readonly outro: string }
    /** A code to the current address confirming a change to `{email}`, the new one. */
    readonly updateCurrent: MailText
    /** A code to the new address, confirming it. */
    readonly updateNew: MailText
    /** Follows every code. */
    readonly codeValidity: string
  }
  /** The device approval pages, by what became of the approval (ApprovalPage.ts). */
  readonly approval: {
    readonly confirm: PageText
    readonly approved: PageText
    readonly gone: PageText
    readonly mailFailed: PageText
    readonly forbidden: PageText
    readonly button: string
  }
  /** The social login popup's last page (SocialDonePage.ts). */
  readonly socialDone: {
    readonly signedIn: PageText
    readonly failed: PageText
  }
}

export const en: VisitorTexts = {
  mail: {
    code: { subject: "Your sign-in code", intro: "Your sign-in code is:" },
    device: {
      subject: "Approve sign-in on a new device",
      intro: "Someone asked to sign in with this address on a new device. If it was you, open this link to approve the device:",
      outro: "A sign-in code follows once the device is approved. The link is valid for 10 minutes. If it was not you, ignore this message."
    },
    updateCurrent: { subject: "Confirm your email change", intro: "To change your sign-in address to {email}, enter this code:" },
    updateNew: { subject: "Confirm your new email address", intro: "To make this your sign-in address, enter this code:" },
    codeValidity: "It is valid for 10 minutes. If you did not ask for it, ignore this message."
  },
  approval: {
    confirm: {
      title: "Approve this device?",
      body: "Someone asked to sign in with this address on a new device. If it was you, approve the device; if not, close this page."
    },
    approved: { title: "Device approved", body: "This device is approved. Go back to the site: your sign-in code is on its way." },
    gone: { title: "Link no longer valid", body: "This link has expired or was already used. Start the sign-in again." },
    mailFailed: { title: "Please try again", body: "The sign-in code could not be sent. Open this link again in a moment." },
    forbidden: { title: "Not approved", body: "Approve the device with the button on the page this link opens." },
    button: "Approve this device"
  },
  socialDone: {
    signedIn: { title: "Signed in", body: "The sign-in is complete in the window that started it. You can close this window." },
    failed: { title: "Sign-in not completed", body: "The sign-in did not complete. You can close this window and try again." }
  }
}

/** Every locale's table. */
export const visitorTexts: Readonly<Record<Locale, VisitorTexts>> = {
  en, de, fr, es, pt, it, nl, pl, tr, ru, uk, ar, he, hi, id, vi, th, ja, ko, "zh-CN": zhCN, "zh-TW": zhTW
}
