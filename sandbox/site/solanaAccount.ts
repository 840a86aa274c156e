import { getTransferSolInstruction } from "@solana-program/system"
import {
  address as toAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Signature
} from "@solana/kit"
import type { Wallet, WalletAccount } from "@wallet-standard/base"
import type { SandboxConfig } from "../SandboxConfig.ts"
import { hasSolanaFeatures, type SolanaFeatures } from "../wallets/SolanaFeatures.ts"
import type { ConnectedAccount } from "./ConnectedAccount.ts"

const lamportsPerSol = 1_000_000_000
const amountLamports = 10_000_000n

const features = (wallet: Wallet): SolanaFeatures => {
  if (!hasSolanaFeatures(wallet.features)) throw new Error(`${wallet.name} lacks the Solana features this site needs`)
  return wallet.features
}

/** Connects a Wallet Standard wallet through `standard:connect`. */
export const connectSolana = async (wallet: Wallet, config: SandboxConfig): Promise<ConnectedAccount> => {
  const { accounts } = await features(wallet)["standard:connect"].connect()
  const [account] = accounts
  if (account === undefined) throw new Error("The wallet returned no account")
  return snapshot(wallet, config, account)
}

const waitForConfirmation = async (rpc: ReturnType<typeof createSolanaRpc>, signature: Signature) => {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { value: [status] } = await rpc.getSignatureStatuses([signature]).send()
    if (status?.err != null) throw new Error(`Transaction failed: ${JSON.stringify(status.err, (_, v: unknown) => typeof v === "bigint" ? String(v) : v)}`)
    if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error("The transaction was not confirmed within 15 s")
}

const snapshot = (wallet: Wallet, config: SandboxConfig, account: WalletAccount): ConnectedAccount => {
  const { cluster } = config.solana
  const rpc = createSolanaRpc(cluster.rpcUrl)
  const owner = toAddress(account.address)
  const recipient = config.solana.accounts.find((candidate) => candidate.address !== account.address)
  return {
    namespace: "solana",
    walletName: wallet.name,
    walletIcon: wallet.icon,
    address: account.address,
    networkId: cluster.caipNetworkId,
    networkName: "Solana sandbox",
    networks: [],
    balance: async () => {
      const { value } = await rpc.getBalance(owner).send()
      return `${Number(value) / lamportsPerSol} SOL`
    },
    signMessage: async (text) => {
      const [output] = await features(wallet)["solana:signMessage"].signMessage({ account, message: new TextEncoder().encode(text) })
      if (output === undefined) throw new Error("The wallet returned no signature")
      return getBase58Decoder().decode(output.signature)
    },
    sendToDemoAccount: async () => {
      if (recipient === undefined) throw new Error("The sandbox has no second demo account")
      const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(owner, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
        (m) => appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: createNoopSigner(owner), destination: toAddress(recipient.address), amount: lamports(amountLamports) }),
          m
        )
      )
      const [output] = await features(wallet)["solana:signAndSendTransaction"].signAndSendTransaction({
        account,
        chain: cluster.caipNetworkId as `solana:${string}`,
        transaction: getTransactionEncoder().encode(compileTransaction(message)) as Uint8Array
      })
      if (output === undefined) throw new Error("The wallet returned no signature")
      const signature = getBase58Decoder().decode(output.signature) as Signature
      await waitForConfirmation(rpc, signature)
      return { id: signature, to: recipient.address, amount: `${Number(amountLamports) / lamportsPerSol} SOL` }
    },
    switchNetwork: async () => {
      throw new Error("The Solana sandbox has a single cluster")
    },
    disconnect: () => features(wallet)["standard:disconnect"].disconnect(),
    watch: (onChange) =>
      features(wallet)["standard:events"].on("change", ({ accounts }) => {
        if (accounts === undefined) return
        const next = accounts.find((candidate) => candidate.address === account.address) ?? accounts[0]
        onChange(next === undefined ? undefined : snapshot(wallet, config, next))
      })
  }
}
