/**
 * A sign-in attempt the frame completes by polling (social login, Farcaster): the attempt its completion
 * names, once the poll secret is the one the attempt was started with. Only the frame that started it holds
 * that secret, so a page that learned the attempt's id cannot collect the visitor's sign-in.
 */
import * as Effect from "effect/Effect"
import { PollSecretRefused } from "../../api/SocialApi.ts"
import { digest, sameDigest } from "./Secrets.ts"

export const polledAttempt = <A extends { readonly poll_secret_digest: string }, E, N>(
  found: Effect.Effect<A | undefined, E>,
  pollSecret: string,
  notFound: () => N
): Effect.Effect<A, E | N | PollSecretRefused> =>
  Effect.flatMap(found, (attempt): Effect.Effect<A, N | PollSecretRefused> =>
    attempt === undefined
      ? Effect.fail(notFound())
      : sameDigest(digest(pollSecret), attempt.poll_secret_digest)
      ? Effect.succeed(attempt)
      : Effect.fail(new PollSecretRefused({ message: "pollSecret: not the secret this attempt was started with" })))
