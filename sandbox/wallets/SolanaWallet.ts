/**
 * The Solana demo wallet as a Wallet Standard `Wallet` object: connect, disconnect, events, signMessage,
 * signTransaction and signAndSendTransaction, signing ed25519 through @solana/kit (WebCrypto) with a sandbox
 * demo keypair. Consent goes through the injected `Approve`; registration with the page is in Announce.ts.
 */
import {
  createKeyPairFromBytes,
  createSolanaRpc,
  getAddressEncoder,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type Address
} from "@solana/kit"
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from "@wallet-standard/base"
import type { Approve } from "./Approval.ts"
import { memory, type Permission } from "./Permission.ts"
import { signInText } from "./SignInText.ts"
import type { ChangeListener, SolanaFeatures } from "./SolanaFeatures.ts"

export const solanaWalletName = "Portico Demo Solana"

export interface SolanaWalletOptions {
  /** 64 bytes: seed then public key. */
  readonly secretKey: Uint8Array
  readonly address: string
  /** The sandbox cluster's CAIP-2 id (`solana:<genesis>`); `solana:localnet` is accepted as an alias. */
  readonly chain: IdentifierString
  readonly rpcUrl: string
  readonly icon: WalletIcon
  readonly approve: Approve
  readonly origin: string
  readonly permission?: Permission
  /** The name it registers under: its own by default; the EVM wallet's when one wallet offers both (the Multichain API). */
  readonly name?: string
}

export interface SolanaDemoWallet extends Wallet {
  readonly features: SolanaFeatures
}

/** What a rejected Solana request throws (the Wallet Standard has no code; 4001 mirrors EIP-1193 for callers). */
export class SolanaWalletError extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.name = "SolanaWalletError"
    this.code = code
  }
}

/** What the prompt shows of a transaction: who must sign it and its size. */
const describeTransaction = (bytes: Uint8Array) => {
  const transaction = getTransactionDecoder().decode(bytes)
  return [`Signers: ${Object.keys(transaction.signatures).join(", ")}`, `Size: ${bytes.length} bytes`]
}

const accountFeatures = ["solana:signIn", "solana:signMessage", "solana:signTransaction", "solana:signAndSendTransaction"] as const

export const createSolanaWallet = (options: SolanaWalletOptions): SolanaDemoWallet => {
  const permission = options.permission ?? memory()
  const name = options.name ?? solanaWalletName
  const chains: ReadonlyArray<IdentifierString> = [options.chain, "solana:localnet"]
  const keyPair = createKeyPairFromBytes(options.secretKey)
  const account: WalletAccount = Object.freeze({
    address: options.address,
    publicKey: getAddressEncoder().encode(options.address as Address) as Uint8Array,
    chains,
    features: accountFeatures,
    label: "Demo account"
  })
  const listeners = new Set<ChangeListener>()
  const emitAccounts = () => {
    for (const listener of listeners) listener({ accounts: permission.granted() ? [account] : [] })
  }

  const consent = async (title: string, details: ReadonlyArray<string>) => {
    const approved = await options.approve({ wallet: name, title, details: [`Site: ${options.origin}`, ...details] })
    if (!approved) throw new SolanaWalletError(4001, "User rejected the request.")
  }
  const requireAccount = (candidate: WalletAccount) => {
    if (!permission.granted() || candidate.address !== account.address) {
      throw new SolanaWalletError(4100, "The requested account has not been authorized by the user.")
    }
  }
  const requireChain = (chain: IdentifierString | undefined) => {
    if (chain !== undefined && !chains.includes(chain)) throw new SolanaWalletError(4901, `Unsupported chain: ${chain}`)
  }
  const sign = async (bytes: Uint8Array) => {
    const transaction = getTransactionDecoder().decode(bytes)
    return partiallySignTransaction([await keyPair], transaction)
  }

  return {
    version: "1.0.0",
    name,
    icon: options.icon,
    chains,
    get accounts() {
      return permission.granted() ? [account] : []
    },
    features: {
      "standard:connect": {
        version: "1.0.0",
        connect: async (input) => {
          if (!permission.granted()) {
            if (input?.silent === true) return { accounts: [] }
            await consent("Connect to this site", [`Account: ${account.address}`, `Network: ${options.chain}`])
            permission.set(true)
            emitAccounts()
          }
          return { accounts: [account] }
        }
      },
      "standard:disconnect": {
        version: "1.0.0",
        disconnect: async () => {
          if (permission.granted()) {
            permission.set(false)
            emitAccounts()
          }
        }
      },
      "standard:events": {
        version: "1.0.0",
        on: (_event, listener) => {
          listeners.add(listener)
          return () => { listeners.delete(listener) }
        }
      },
      "solana:signMessage": {
        version: "1.1.0",
        signMessage: async (...inputs) => {
          for (const input of inputs) requireAccount(input.account)
          await consent("Sign a message", inputs.map((input) => `Message: ${new TextDecoder().decode(input.message)}`))
          const { privateKey } = await keyPair
          return Promise.all(inputs.map(async (input) => ({
            signedMessage: input.message,
            signature: (await signBytes(privateKey, input.message)) as Uint8Array,
            signatureType: "ed25519" as const
          })))
        }
      },
      "solana:signIn": {
        version: "1.0.0",
        signIn: async (...inputs) => {
          // Signing in needs the visitor's permission first: the demo connects through standard:connect.
          requireAccount(account)
          const texts = inputs.map((input) => signInText(input, new URL(options.origin).host, account.address))
          await consent("Sign in", texts.map((text) => `Message: ${text}`))
          const { privateKey } = await keyPair
          return Promise.all(texts.map(async (text) => {
            const message = new TextEncoder().encode(text)
            return { account, signedMessage: message, signature: (await signBytes(privateKey, message)) as Uint8Array, signatureType: "ed25519" as const }
          }))
        }
      },
      "solana:signTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signTransaction: async (...inputs) => {
          for (const input of inputs) {
            requireAccount(input.account)
            requireChain(input.chain)
          }
          await consent("Sign a transaction", inputs.flatMap((input) => describeTransaction(input.transaction)))
          return Promise.all(inputs.map(async (input) => ({
            signedTransaction: getTransactionEncoder().encode(await sign(input.transaction)) as Uint8Array
          })))
        }
      },
      "solana:signAndSendTransaction": {
        version: "1.0.0",
        supportedTransactionVersions: ["legacy", 0],
        signAndSendTransaction: async (...inputs) => {
          for (const input of inputs) {
            requireAccount(input.account)
            requireChain(input.chain)
          }
          await consent("Sign and send a transaction", inputs.flatMap((input) => describeTransaction(input.transaction)))
          const rpc = createSolanaRpc(options.rpcUrl)
          const results: Array<{ readonly signature: Uint8Array }> = []
          for (const input of inputs) {
            const signed = await sign(input.transaction)
            const signature = await rpc
              .sendTransaction(getBase64EncodedWireTransaction(signed), {
                encoding: "base64",
                ...(input.options?.preflightCommitment !== undefined ? { preflightCommitment: input.options.preflightCommitment } : {}),
                ...(input.options?.skipPreflight !== undefined ? { skipPreflight: input.options.skipPreflight } : {}),
                ...(input.options?.maxRetries !== undefined ? { maxRetries: BigInt(input.options.maxRetries) } : {}),
                ...(input.options?.minContextSlot !== undefined ? { minContextSlot: BigInt(input.options.minContextSlot) } : {})
              })
              .send()
            results.push({ signature: getBase58Encoder().encode(signature) as Uint8Array })
          }
          return results
        }
      }
    }
  }
}
