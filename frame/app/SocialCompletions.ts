/**
 * The completion codes of social logins (http/api/SocialApi.ts): our server's page in the provider's
 * popup posts `{ type, attemptId, completionCode }` to every frame of the page that opened it, for this
 * origin only. Only a message from this very origin is taken (another page of the wallet: the popup),
 * schema-checked, and kept for the attempt it names, which `await` then gives out.
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { fixed } from "../../core/FixedMessage.ts"
import { CompletionMessage } from "../../http/api/SocialApi.ts"

const decode = Schema.decodeUnknownOption(CompletionMessage)

/** The popup posts as it loads its page: once the server says the provider answered, the code is moments away. */
export const completionWait = Duration.seconds(15)

const make = Effect.gen(function*() {
  const waiting = new Map<string, Deferred.Deferred<string>>()
  const slot = (attemptId: string) => {
    const found = waiting.get(attemptId)
    if (found !== undefined) return found
    const made = Deferred.makeUnsafe<string>()
    waiting.set(attemptId, made)
    return made
  }
  const listener = (event: MessageEvent) => {
    if (event.origin !== location.origin) return
    const message = decode(event.data)
    if (Option.isSome(message)) Deferred.doneUnsafe(slot(message.value.attemptId), Effect.succeed(message.value.completionCode))
  }
  yield* Effect.acquireRelease(
    Effect.sync(() => globalThis.addEventListener("message", listener)),
    () => Effect.sync(() => globalThis.removeEventListener("message", listener))
  )
  return {
    /** The completion code the popup posted for `attemptId`; fails when none comes in time (the answer went to another browser). */
    await: (attemptId: string) =>
      Deferred.await(slot(attemptId)).pipe(
        Effect.timeoutOrElse({ duration: completionWait, orElse: () => Effect.fail(new CompletionMissingError()) }),
        Effect.ensuring(Effect.sync(() => waiting.delete(attemptId)))
      )
  }
})

export class SocialCompletions extends Context.Service<SocialCompletions, Effect.Success<typeof make>>()("portico/frame/app/SocialCompletions") {
  static readonly layer = Layer.effect(SocialCompletions, make)
}

/** The provider answered, but not to this browser's popup: a sign-in started here completes only here. */
export class CompletionMissingError extends Schema.TaggedError<CompletionMissingError>()("CompletionMissingError", {
  message: fixed("The sign-in did not come back to this window: start it again here")
}) {}
