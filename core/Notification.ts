/**
 * The toast (spec §3 "Notification").
 */
import * as Schema from "effect/Schema"

export const NotificationVariant = Schema.Literals(["success", "loading", "error"])
export type NotificationVariant = typeof NotificationVariant.Type

export const Notification = Schema.Struct({
  message: Schema.String,
  variant: NotificationVariant,
  /** Name of an icon from the modal's own icon set, never raw markup. */
  svg: Schema.optionalKey(Schema.String),
  open: Schema.Boolean,
  autoClose: Schema.Boolean
})
export type Notification = typeof Notification.Type

export const initial: Notification = { message: "", variant: "success", open: false, autoClose: true }
