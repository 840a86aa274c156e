import { useMemo } from "react"
import { useAccount, useEvmProvider, useSolanaSigner } from "../../ui/react/index.ts"
import type { SandboxConfig } from "../SandboxConfig.ts"
import type { ConnectedAccount } from "./ConnectedAccount.ts"
import { evmAccount } from "./evmAccount.ts"
import { solanaAccount } from "./solanaAccount.ts"

/** The account the visitor made active in Portico, or undefined while none is connected. */
export const useConnectedAccount = (config: SandboxConfig): ConnectedAccount | undefined => {
  const { namespace, evm, solana } = useAccount()
  const provider = useEvmProvider()
  const signer = useSolanaSigner()
  return useMemo(() => {
    if (namespace === "eip155" && evm !== undefined) return evmAccount(evm, provider, config)
    if (namespace === "solana" && solana !== undefined) return solanaAccount(solana, signer, config)
    return undefined
  }, [namespace, evm, solana, provider, signer, config])
}
