/** Renders each state of an `AsyncResult` atom: loading, value, failure (every view handles all three). */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import type { ReactNode } from "react"

export interface AsyncResultViewProps<A, E> {
  readonly result: AsyncResult.AsyncResult<A, E>
  readonly loading: () => ReactNode
  readonly success: (value: A) => ReactNode
  readonly failure: () => ReactNode
}

export const AsyncResultView = <A, E>(props: AsyncResultViewProps<A, E>): ReactNode =>
  AsyncResult.isSuccess(props.result)
    ? props.success(props.result.value)
    : AsyncResult.isFailure(props.result)
    ? props.failure()
    : props.loading()
