/**
 * `portico/permissions`: ERC-7715 execution permissions as viem-style actions over the EIP-1193 provider
 * Portico hands the host. An entry of its own, so neither `portico` nor `portico/react` puts their schemas
 * (and Effect's) in the page's first script: a host that asks for permissions pays for them where it imports them.
 */
export {
  type ExecutionPermissionsError,
  getGrantedExecutionPermissions,
  getSupportedExecutionPermissions,
  GrantedPermission,
  PermissionAnswerError,
  type PermissionRefusal,
  PermissionRequest,
  requestExecutionPermissions,
  revokeExecutionPermission,
  SupportedPermissions
} from "../../app/ExecutionPermissions.ts"
export type {
  InvalidPermissionError,
  PermissionExpiredError,
  PermissionTooBroadError,
  UnknownPermissionTypeError
} from "../../core/permissions/PermissionErrors.ts"
