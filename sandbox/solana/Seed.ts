import { address, lamports, some, none, type Address, type Instruction } from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintEncoder,
  getMintSize,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import type { Chain } from "./Chain.ts"
import { deriveDemoKey, type DemoKey } from "./DemoKeys.ts"
import { land } from "./Landing.ts"
import { usdc as mainnetUsdc } from "./MainnetShape.ts"
import type { SolanaDemoAccount, SolanaDeployment } from "./SolanaDeployment.ts"

export const GENESIS_HASH = "J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oByGeZNUn4erQ28"
export const CAIP_NETWORK_ID = `solana:${GENESIS_HASH.slice(0, 32)}` as const

const LAMPORTS_PER_SOL = 1_000_000_000n
const USDC_DECIMALS = mainnetUsdc.decimals
const USDC_UNIT = 10n ** BigInt(USDC_DECIMALS)
const FAUCET_LAMPORTS = 500_000_000n * LAMPORTS_PER_SOL
const MINT_AUTHORITY_LAMPORTS = 10n * LAMPORTS_PER_SOL
/** Seeded history is spread over this many seconds before startup, one transaction per slot. */
export const SEED_HISTORY_SECONDS = 3 * 24 * 60 * 60

const DEMO_ACCOUNTS = [
  { name: "Alice", sol: 100n, usdc: 10_000n },
  { name: "Bob", sol: 50n, usdc: 5_000n },
  { name: "Carol", sol: 25n, usdc: 1_000n },
  { name: "Dave", sol: 10n, usdc: 0n }
] as const

const transferSol = (from: DemoKey, to: Address, amount: bigint) =>
  getTransferSolInstruction({ source: from.signer, destination: to, amount })

/** The faucet signer stays server-side: `requestAirdrop` pays from it. */
export interface Seeded {
  readonly deployment: SolanaDeployment
  readonly faucet: DemoKey
}

/**
 * Seeds a chain whose genesis is `SEED_HISTORY_SECONDS` before `nowSeconds`: funds the demo accounts, places USDC's mint at its mainnet address and creates its token accounts, and lands a few transfers so
 * history is not empty. Keys and blockhashes are derived from fixed labels, so addresses and signatures
 * are the same on every start; only block times follow the wall clock.
 */
export const seed = async (chain: Chain, nowSeconds: number): Promise<Seeded> => {
  const [faucet, mintAuthority, ...demos] = await Promise.all(
    ["faucet", "usdc-mint-authority", ...DEMO_ACCOUNTS.map((demo) => `demo-${demo.name.toLowerCase()}`)].map(deriveDemoKey)
  )
  if (faucet === undefined || mintAuthority === undefined) throw new Error("seed keys missing")
  // USDC at its mainnet mint address (no one holds that key: the account is written as the token program would).
  const mint = address(mainnetUsdc.address)
  chain.svm.setAccount({
    address: mint,
    lamports: lamports(chain.svm.minimumBalanceForRentExemption(BigInt(getMintSize()))),
    data: new Uint8Array(getMintEncoder().encode({ mintAuthority: some(mintAuthority.signer.address), supply: 0n, decimals: USDC_DECIMALS, isInitialized: true, freezeAuthority: none() })),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    space: BigInt(getMintSize())
  })
  chain.svm.setAccount({
    address: faucet.signer.address,
    lamports: lamports(FAUCET_LAMPORTS),
    data: new Uint8Array(),
    programAddress: address("11111111111111111111111111111111"),
    executable: false,
    space: 0n
  })
  const plan: Array<{ readonly payer: DemoKey; readonly instructions: ReadonlyArray<Instruction> }> = []
  plan.push({ payer: faucet, instructions: [transferSol(faucet, mintAuthority.signer.address, MINT_AUTHORITY_LAMPORTS)] })
  const accounts: Array<SolanaDemoAccount> = []
  for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
    const key = demos[index]
    if (key === undefined) throw new Error("seed keys missing")
    const [ata] = await findAssociatedTokenPda({ owner: key.signer.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    accounts.push({ name: demo.name, ...key.keypair, fundedLamports: demo.sol * LAMPORTS_PER_SOL, usdcTokenAccount: ata })
    plan.push({ payer: faucet, instructions: [transferSol(faucet, key.signer.address, demo.sol * LAMPORTS_PER_SOL)] })
  }

  for (const [index, demo] of DEMO_ACCOUNTS.entries()) {
    const account = accounts[index]
    const key = demos[index]
    if (demo.usdc === 0n || account === undefined || key === undefined) continue
    const ata = address(account.usdcTokenAccount)
    plan.push({
      payer: mintAuthority,
      instructions: [
        getCreateAssociatedTokenIdempotentInstruction({ payer: mintAuthority.signer, ata, owner: key.signer.address, mint }),
        getMintToCheckedInstruction({
          mint,
          token: ata,
          mintAuthority: mintAuthority.signer,
          amount: demo.usdc * USDC_UNIT,
          decimals: USDC_DECIMALS
        })
      ]
    })
  }
  const [alice, bob] = demos
  const [aliceAccount, bobAccount] = accounts
  if (alice === undefined || bob === undefined || aliceAccount === undefined || bobAccount === undefined) throw new Error("seed keys missing")
  plan.push({
    payer: alice,
    instructions: [
      getTransferCheckedInstruction({
        source: address(aliceAccount.usdcTokenAccount),
        mint,
        destination: address(bobAccount.usdcTokenAccount),
        authority: alice.signer,
        amount: 25n * USDC_UNIT,
        decimals: USDC_DECIMALS
      })
    ]
  })
  plan.push({ payer: bob, instructions: [transferSol(bob, alice.signer.address, LAMPORTS_PER_SOL / 2n)] })

  const seededSignatures: Array<string> = []
  const spacing = Math.floor(SEED_HISTORY_SECONDS / (plan.length + 1))
  for (const [index, step] of plan.entries()) {
    chain.advanceSlot(nowSeconds - SEED_HISTORY_SECONDS + (index + 1) * spacing)
    seededSignatures.push((await land(chain, step.payer.signer, step.instructions)).signature)
  }
  chain.advanceSlot(nowSeconds)

  return {
    faucet,
    deployment: {
      genesisHash: GENESIS_HASH,
      caipNetworkId: CAIP_NETWORK_ID,
      usdc: {
        address: mint,
        symbol: mainnetUsdc.symbol,
        name: mainnetUsdc.name,
        decimals: USDC_DECIMALS,
        programId: TOKEN_PROGRAM_ADDRESS,
        mintAuthority: mintAuthority.keypair
      },
      accounts,
      faucet: faucet.keypair,
      seededSignatures
    }
  }
}
