import { address as toAddress, createSolanaRpc, getBase58Decoder, type Signature } from "@solana/kit"
import * as Format from "../../core/Format.ts"
import type { SessionAccount, SolanaSigner } from "../../ui/react/index.ts"
import type { SandboxConfig } from "../SandboxConfig.ts"
import { unsignedSolTransfer } from "../wallets/SolTransfer.ts"
import type { ConnectedAccount } from "./ConnectedAccount.ts"

const lamportsPerSol = 1_000_000_000
const solDecimals = 9
const amountLamports = 10_000_000n

const waitForConfirmation = async (rpc: ReturnType<typeof createSolanaRpc>, signature: Signature) => {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { value: [status] } = await rpc.getSignatureStatuses([signature]).send()
    if (status?.err != null) throw new Error(`Transaction failed: ${JSON.stringify(status.err, (_, v: unknown) => typeof v === "bigint" ? String(v) : v)}`)
    if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error("The transaction was not confirmed within 15 s")
}

/** The connected Solana account, used as a host dapp would: @solana/kit transactions signed by Portico's signer. */
export const solanaAccount = (session: SessionAccount, signer: SolanaSigner, config: SandboxConfig): ConnectedAccount => {
  const rpc = createSolanaRpc(config.solana.cluster.rpcUrl)
  const owner = toAddress(session.address)
  const recipient = config.solana.accounts.find((candidate) => candidate.address !== session.address)
  return {
    namespace: "solana",
    walletName: session.connectorName,
    walletIcon: session.connectorImageUrl,
    address: session.address,
    networkId: session.caipNetworkId,
    balance: async () => {
      const { value } = await rpc.getBalance(owner).send()
      return { amount: Format.formatUnits(value, solDecimals), symbol: "SOL" }
    },
    signMessage: async (text) => getBase58Decoder().decode(await signer.signMessage(new TextEncoder().encode(text))),
    sendToDemoAccount: async () => {
      if (recipient === undefined) throw new Error("The sandbox has no second demo account")
      const transaction = await unsignedSolTransfer(rpc, { from: session.address, to: recipient.address, lamports: amountLamports })
      const sent = await signer.signAndSendTransaction(transaction)
      const signature = getBase58Decoder().decode(sent) as Signature
      await waitForConfirmation(rpc, signature)
      return { id: signature, to: recipient.address, amount: `${Number(amountLamports) / lamportsPerSol} SOL` }
    }
  }
}
