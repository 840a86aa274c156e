import { createHash } from "node:crypto"
import { createKeyPairSignerFromPrivateKeyBytes, getAddressEncoder, type KeyPairSigner } from "@solana/kit"
import type { SolanaKeypair } from "./SolanaDeployment.ts"

/** A signer plus its CLI-format keypair, derived from a fixed label so every start yields the same key. */
export interface DemoKey {
  readonly signer: KeyPairSigner
  readonly keypair: SolanaKeypair
}

export const deriveDemoKey = async (label: string): Promise<DemoKey> => {
  const seed = createHash("sha256").update(`portico:solana:${label}`).digest()
  const signer = await createKeyPairSignerFromPrivateKeyBytes(seed)
  const secretKey = [...seed, ...getAddressEncoder().encode(signer.address)]
  return { signer, keypair: { address: signer.address, secretKey } }
}
