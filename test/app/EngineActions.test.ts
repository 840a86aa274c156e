/**
 * The engine's actions say in their type whether they can fail (app/Action.ts). The lint rule
 * `no-floating-promises` (.oxlintrc.promises.json) checks statements; this checks what it cannot see:
 * `() => void engine.x()` in an arrow's body, where only a `Safe` action may be left unhandled.
 */
import { readFileSync } from "node:fs"
import { globSync } from "node:fs"
import { describe, expect, it } from "vitest"

const interfaceOf = (source: string): string => {
  const start = source.indexOf("export interface Engine {")
  return source.slice(start, source.indexOf("\n}\n", start))
}

/** Each action of the Engine interface with what it returns: Safe, Attempt, or something else. */
const actionKinds = (source: string): ReadonlyMap<string, string> =>
  new Map([...interfaceOf(source).matchAll(/readonly (\w+): (?:<[^>]*>)?\(([^()]|\([^()]*\))*\)\s*=>\s*(\w+)/g)].map((match) => [match[1] ?? "", match[3] ?? ""]))

/** The text from `start` (just after a call's opening parenthesis) to its closing one, then what follows. */
const afterCall = (text: string, start: number): string => {
  let depth = 1
  let index = start
  while (index < text.length && depth > 0) {
    if (text[index] === "(") depth += 1
    if (text[index] === ")") depth -= 1
    index += 1
  }
  return text.slice(index)
}

/** `void engine.name(…)` whose result is not handled by a `.then`/`.catch` chained to it. */
const unhandledVoids = (text: string): ReadonlyArray<string> =>
  [...text.matchAll(/void\s+(?:[\w.]+\.)?engine\.(\w+)\(/g)]
    .filter((match) => !/^\s*\.(then|catch)\(/.test(afterCall(text, (match.index ?? 0) + match[0].length)))
    .map((match) => match[1] ?? "")

describe("engine actions", () => {
  const engine = readFileSync("app/Engine.ts", "utf8")
  const kinds = actionKinds(engine)

  it("every action that answers a promise says whether it can reject", () => {
    const promises = [...kinds].filter(([, kind]) => kind === "Promise").map(([name]) => name)
    // Disposing tears the engine down; nobody renders its outcome.
    expect(promises).toEqual(["dispose"])
    expect([...kinds.values()].filter((kind) => kind === "Safe").length).toBeGreaterThan(30)
    expect([...kinds.values()].filter((kind) => kind === "Attempt").length).toBeGreaterThan(15)
  })

  it("only a Safe action is left unhandled with `void`", () => {
    const offenders = globSync(["ui/**/*.{ts,tsx}", "app/**/*.ts"]).flatMap((file) =>
      unhandledVoids(readFileSync(file, "utf8"))
        .filter((name) => kinds.get(name) !== "Safe")
        .map((name) => `${file}: void engine.${name}()`))
    expect(offenders).toEqual([])
  })

  it("the check itself sees an unhandled attempt, and lets a handled one pass", () => {
    const source = "export interface Engine {\n  readonly open: () => Safe<void>\n  readonly send: () => Attempt<string, E>\n}\n"
    const parsed = actionKinds(source)
    expect(parsed).toEqual(new Map([["open", "Safe"], ["send", "Attempt"]]))
    expect(unhandledVoids("onClick={() => void engine.send()} onFocus={() => void engine.open()}")).toEqual(["send", "open"])
    expect(unhandledVoids("void engine.send().catch((cause) => show(cause))")).toEqual([])
  })
})
