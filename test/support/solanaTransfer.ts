/** A Solana transfer as wire bytes, for tests that read or refuse one: `lamports` from `source` (the fee payer) to `destination`. */
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"

const lifetime = { blockhash: blockhash("EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N"), lastValidBlockHeight: 100n }

/** `instructions` in a v0 transaction paid by `feePayer`, as wire bytes. */
export const wireOf = (feePayer: Address, instructions: ReadonlyArray<Instruction>): Uint8Array =>
  Uint8Array.from(getTransactionEncoder().encode(compileTransaction(pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m)
  ))))

export const transferWire = (source: string, destination: string, amount: bigint): Uint8Array =>
  wireOf(address(source), [getTransferSolInstruction({ source: createNoopSigner(address(source)), destination: address(destination), amount: lamports(amount) })])
