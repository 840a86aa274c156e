/**
 * Contract reads through the host's RPC, told apart by why they fail: a contract that refuses (reverts,
 * or has no code where one was configured) is an answer about the chain, which callers turn into "no
 * price" or "no pool"; an RPC that fails is an upstream outage (502, which clients retry).
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { BaseError, ContractFunctionRevertedError, ContractFunctionZeroDataError, HttpRequestError, TimeoutError } from "viem"
import { UpstreamUnavailable } from "../api/ApiError.ts"

/** A revert, or an answer with no data (no contract at the address). */
export const isContractRefusal = (error: unknown): boolean =>
  error instanceof BaseError &&
  error.walk((cause) => cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError) !== null

/** The RPC itself failed (unreachable, HTTP error, timeout): nothing was learned about the chain. */
export const isRpcOutage = (error: unknown): boolean =>
  !(error instanceof BaseError) || error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null

/** The read's answer; none when the contract refused; an RPC failure is UpstreamUnavailable naming `what`. */
export const contractRead = <A>(what: string, read: () => Promise<A>): Effect.Effect<Option.Option<A>, UpstreamUnavailable> =>
  Effect.tryPromise({ try: read, catch: (error) => error }).pipe(
    Effect.map(Option.some),
    Effect.catch((error) =>
      isContractRefusal(error) ? Effect.succeed(Option.none<A>()) : Effect.fail(new UpstreamUnavailable({ message: `Could not read ${what}` }))
    )
  )
