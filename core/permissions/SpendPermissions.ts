/**
 * Portico's periodic spend-permission contract (`sandbox/evm/contracts/SpendPermissions.sol`, MIT): how an
 * account without a module system (Simple7702Account) grants ERC-7715's `erc20-token-periodic`. Deployed
 * through the deterministic deployer with a zero salt, so one address holds on every chain that has it;
 * the sandbox deploys it and checks the bytes land here.
 */
import { decodeAbiParameters, encodeAbiParameters, parseAbi, type Address, type Hex, type TypedDataDefinition } from "viem"

/** CREATE2 through the deterministic deployer, zero salt, solc 0.8 (Compile.ts's settings). */
export const spendPermissionsAddress: Address = "0xc2FfA2B1f743Bd13D645b8830dDE58Ed80F4fe8a"

export const spendPermissionsAbi = parseAbi([
  "function register(bytes32 id, address spender, address token, uint256 periodAmount, uint64 periodDuration, uint64 start, uint64 end)",
  "function revoke(bytes32 id)",
  "function revokeWithSignature(address account, bytes32 id, uint256 deadline, bytes signature)",
  "function revocationDigest(address account, bytes32 id, uint256 deadline) view returns (bytes32)",
  "function spend(address account, bytes32 id, address to, uint256 amount)",
  "function remaining(address account, bytes32 id) view returns (uint256)",
  "function permissionOf(address account, bytes32 id) view returns ((address spender, address token, uint256 periodAmount, uint64 periodDuration, uint64 start, uint64 end, bool revoked))",
  "event PermissionRegistered(address indexed account, bytes32 indexed id, address indexed spender, address token, uint256 periodAmount, uint64 periodDuration, uint64 start, uint64 end)",
  "event PermissionRevoked(address indexed account, bytes32 indexed id)",
  "event Spent(address indexed account, bytes32 indexed id, address to, uint256 amount)",
  "error PermissionExists(address account, bytes32 id)",
  "error InvalidPermission()",
  "error UnknownPermission(address account, bytes32 id)",
  "error PermissionIsRevoked(address account, bytes32 id)",
  "error NotSpender(address caller)",
  "error OutsideWindow(uint256 time, uint64 start, uint64 end)",
  "error OverPeriodAllowance(uint256 amount, uint256 left)",
  "error TransferFailed()",
  "error SignatureExpired(uint256 deadline)",
  "error InvalidSignature()"
])

const contextParameters = [{ type: "address", name: "account" }, { type: "bytes32", name: "id" }] as const

/** ERC-7715's `context`: what the spender hands back to redeem, here the account and the permission's id. */
export const encodePermissionContext = (account: Address, id: Hex): Hex => encodeAbiParameters(contextParameters, [account, id])

/** The account and id a context names; throws (viem's AbiDecodingError) on anything else. */
export const decodePermissionContext = (context: Hex): { readonly account: Address; readonly id: Hex } => {
  const [account, id] = decodeAbiParameters(contextParameters, context)
  return { account, id }
}

/**
 * The account and id of a context from outside, only when it is written exactly as
 * `encodePermissionContext` writes it (two words, the address's padding zero); undefined otherwise.
 */
export const parsePermissionContext = (context: string): { readonly account: Address; readonly id: Hex } | undefined => {
  if (!/^0x[0-9a-fA-F]{128}$/.test(context)) return undefined
  const decoded = decodePermissionContext(context as Hex)
  return encodePermissionContext(decoded.account, decoded.id) === context.toLowerCase() ? decoded : undefined
}

/**
 * The EIP-712 typed data an account signs to revoke its permission `id` on `chainId` until `deadline`
 * (seconds): what `revokeWithSignature` checks, so anyone (a relayer) may send it and the visitor pays nothing.
 */
export const revocationTypedData = (chainId: number, account: Address, id: Hex, deadline: bigint) => ({
  domain: { name: "SpendPermissions", version: "1", chainId, verifyingContract: spendPermissionsAddress },
  types: { RevokePermission: [{ name: "account", type: "address" }, { name: "id", type: "bytes32" }, { name: "deadline", type: "uint256" }] },
  primaryType: "RevokePermission",
  message: { account, id, deadline }
}) as const satisfies TypedDataDefinition
