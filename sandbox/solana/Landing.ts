import {
  appendTransactionMessageInstructions,
  blockhash,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type TransactionSigner
} from "@solana/kit"
import type { Chain } from "./Chain.ts"
import type { LedgerEntry } from "./Ledger.ts"

/** Signs instructions with the chain's latest blockhash and lands them, for the seed and the faucet. */
export const land = async (
  chain: Chain,
  feePayer: TransactionSigner,
  instructions: ReadonlyArray<Instruction>
): Promise<LedgerEntry> => {
  const { blockhash: latest, lastValidBlockHeight } = chain.latestBlockhash()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(feePayer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(latest), lastValidBlockHeight: BigInt(lastValidBlockHeight) }, message),
      (message) => appendTransactionMessageInstructions(instructions, message)
    )
  )
  const wire = Uint8Array.from(getTransactionEncoder().encode(signed))
  const entry = chain.execute(chain.decode(wire))
  if (entry.err !== null) throw new LandingFailed(entry)
  return entry
}

/** A transaction the devnet itself built did not succeed. */
export class LandingFailed extends Error {
  constructor(entry: LedgerEntry) {
    super(`transaction ${entry.signature} failed: ${JSON.stringify(entry.err)}\n${entry.logMessages.join("\n")}`)
  }
}
