/**
 * The engine's Permissions actions (issue 27): the Account view's entry and the Permissions view call
 * these; the feature (core/features/Permissions.ts) is its own chunk, loaded at the first of them.
 */
import type { FeatureUnavailableError } from "../core/CodeChunk.ts"
import type { PermissionRow, Permissions } from "../core/features/Permissions.ts"
import type { PermissionSummary } from "../core/permissions/PermissionSummary.ts"
import type { Attempt, FailureOf } from "./Action.ts"
import type { LazyFeature } from "./LazyFeature.ts"

export interface PermissionActions {
  /** Whether the wallet lists any permission it granted this site. */
  readonly any: () => Attempt<boolean, FailureOf<Permissions["Service"]["any"]> | FeatureUnavailableError>
  /** The connected EVM account's permissions for this site, as the chain holds them now. */
  readonly list: () => Attempt<ReadonlyArray<PermissionRow>, FailureOf<Permissions["Service"]["list"]> | FeatureUnavailableError>
  /** Revokes one (the visitor signs in their wallet, our server's relayer sends it); the list afterwards. */
  readonly revoke: (
    summary: PermissionSummary
  ) => Attempt<ReadonlyArray<PermissionRow>, FailureOf<Permissions["Service"]["revoke"]> | FeatureUnavailableError>
}

export const make = <R>(feature: LazyFeature<Permissions["Service"], R>): PermissionActions => ({
  any: () => feature.attempt((permissions) => permissions.any),
  list: () => feature.attempt((permissions) => permissions.list),
  revoke: (summary) => feature.attempt((permissions) => permissions.revoke(summary))
})
