/**
 * An unsigned SOL transfer in wire format, the bytes a dapp hands a Wallet Standard wallet to sign and send:
 * the sender pays the fee and the transaction lives on the cluster's latest blockhash.
 */
import { getTransferSolInstruction } from "@solana-program/system"
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  type createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit"

export const unsignedSolTransfer = async (
  rpc: ReturnType<typeof createSolanaRpc>,
  transfer: { readonly from: string; readonly to: string; readonly lamports: bigint }
): Promise<Uint8Array> => {
  const source = address(transfer.from)
  const { value: latestBlockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(source, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(latestBlockhash, m),
    (m) => appendTransactionMessageInstruction(
      getTransferSolInstruction({ source: createNoopSigner(source), destination: address(transfer.to), amount: lamports(transfer.lamports) }),
      m
    )
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
