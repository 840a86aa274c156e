/**
 * The one smart account the embedded wallet becomes (issue 27): eth-infinitism's Simple7702Account
 * (`@account-abstraction/contracts` 0.8, MIT; the Ethereum Foundation's ERC-4337 team), an EOA
 * delegating to it by EIP-7702 and run by ERC-4337's EntryPoint v0.8. Both live at the same address on
 * every chain (deployed through the deterministic deployer), so one constant names each.
 */
import { isAddressEqual, type Address } from "viem"

/** ERC-4337 EntryPoint v0.8, the one Simple7702Account trusts. */
export const entryPointAddress: Address = "0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108"

/** eth-infinitism's Simple7702Account for EntryPoint v0.8. */
export const implementationAddress: Address = "0xe6Cae83BdE06E4c305530e199D7217f42808555B"

/** The implementation as the wallet names it to the visitor. */
export const implementationName = "Simple7702Account"

/** EIP-7702's delegation designator: the code of an account delegating to `address`. */
const designatorPrefix = "0xef0100"

/** What an account's code says of it: a plain account, ours, or delegated to another contract. */
export type Delegation =
  | { readonly kind: "none" }
  | { readonly kind: "simple7702" }
  /** `address`: the contract delegated to; none when the account is a contract of its own. */
  | { readonly kind: "elsewhere"; readonly address: Address | undefined }

export const delegationOf = (code: string): Delegation => {
  const lower = code.toLowerCase()
  if (lower === "0x" || lower === "") return { kind: "none" }
  if (lower.startsWith(designatorPrefix) && lower.length === designatorPrefix.length + 40) {
    const address = `0x${lower.slice(designatorPrefix.length)}` as Address
    return isAddressEqual(address, implementationAddress) ? { kind: "simple7702" } : { kind: "elsewhere", address }
  }
  // A contract's own code: never usable as this smart account either.
  return { kind: "elsewhere", address: undefined }
}
