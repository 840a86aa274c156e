/**
 * ReCaps (ERC-5573): the capabilities a sign-in message grants besides the sign-in itself, as a
 * `urn:recap:` resource (unpadded base64url of canonical JSON, `{ att: { <resource>: { <namespace>/<ability>: [{}] } } }`)
 * and the sentence the message's statement ends with, which the wallet shows. WalletConnect's One-Click
 * Auth grants a session's methods this way: abilities `request/<method>` on the resource `eip155`.
 */
import { base64urlnopad } from "@scure/base"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { SignInTemplate } from "./SignInMessage.ts"

const prefix = "urn:recap:"

/** Per resource, per `namespace/ability`, the caveats (`{}`: none). */
export type Attenuations = Readonly<Record<string, Readonly<Record<string, ReadonlyArray<Readonly<Record<string, unknown>>>>>>>

const Ability = Schema.String.check(Schema.isPattern(/^[^/\s]+\/[^/\s]+$/))
const Recap = Schema.Struct({
  att: Schema.Record(Schema.String, Schema.Record(Ability, Schema.Array(Schema.Record(Schema.String, Schema.Unknown)))),
  prf: Schema.optionalKey(Schema.Array(Schema.String))
})
const decodeRecap = Schema.decodeUnknownOption(Schema.fromJsonString(Recap))

const sorted = (values: Iterable<string>): Array<string> => [...values].toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/** JSON with every object's keys in lexicographic order, as ERC-5573 asks of the encoded object. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>
    return `{${sorted(Object.keys(record)).map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(",")}}`
  }
  return JSON.stringify(value)
}

/** The attenuations asking to send `methods` as requests on `resource` (a WalletConnect namespace). */
export const requests = (resource: string, methods: ReadonlyArray<string>): Attenuations => ({
  [resource]: Object.fromEntries(sorted(new Set(methods)).map((method) => [`request/${method}`, [{}]]))
})

export const encode = (att: Attenuations): string => `${prefix}${base64urlnopad.encode(new TextEncoder().encode(canonical({ att })))}`

/** The attenuations of a `urn:recap:` URI; none when it is not one, or not canonical. */
export const decode = (uri: string): Option.Option<Attenuations> => {
  if (!uri.startsWith(prefix)) return Option.none()
  const json = Option.liftThrowable(() => new TextDecoder("utf-8", { fatal: true }).decode(base64urlnopad.decode(uri.slice(prefix.length))))()
  return Option.flatMap(json, (text) => Option.filter(Option.map(decodeRecap(text), (recap) => recap.att), (att) => encode(att) === uri))
}

/** The methods a ReCap grants as requests on `resource`. */
export const methodsOf = (att: Attenuations, resource: string): ReadonlyArray<string> =>
  sorted(Object.keys(att[resource] ?? {}).filter((ability) => ability.startsWith("request/")).map((ability) => ability.slice("request/".length)))

/** ERC-5573's sentence: resources and abilities in lexicographic order, abilities grouped by namespace. */
export const statementOf = (att: Attenuations): string => {
  const parts: Array<string> = []
  for (const resource of sorted(Object.keys(att))) {
    const byNamespace = new Map<string, Array<string>>()
    for (const ability of sorted(Object.keys(att[resource] ?? {}))) {
      const slash = ability.indexOf("/")
      const namespace = ability.slice(0, slash)
      byNamespace.set(namespace, [...(byNamespace.get(namespace) ?? []), ability.slice(slash + 1)])
    }
    for (const [namespace, abilities] of byNamespace) {
      parts.push(`(${parts.length + 1}) '${namespace}': ${abilities.map((ability) => `'${ability}'`).join(", ")} for '${resource}'.`)
    }
  }
  return `I further authorize the stated URI to perform the following actions on my behalf: ${parts.join(" ")}`
}

/** The fields of a message that also grants a ReCap: its sentence after the statement, its URI last among the resources. */
export const withRecap = (template: SignInTemplate, uri: string): Option.Option<SignInTemplate> =>
  Option.map(decode(uri), (att) => ({
    ...template,
    statement: template.statement === undefined ? statementOf(att) : `${template.statement} ${statementOf(att)}`,
    resources: [...(template.resources ?? []), uri]
  }))
