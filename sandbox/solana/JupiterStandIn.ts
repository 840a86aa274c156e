/**
 * The sandbox's Jupiter: Jupiter's Swap API (v1) over one constant-product pool of SOL and USDC on the
 * devnet, served by the devnet under `/jupiter/swap/v1` (for https://lite-api.jup.ag/swap/v1):
 *
 *   GET  /quote?inputMint&outputMint&amount&slippageBps   an exact-input quote, 0.25 % fee in the input mint
 *   POST /swap  { userPublicKey, quoteResponse }          the swap as a base64 v0 transaction
 *
 * No Solana program can be compiled here, so the pool is an account whose authority signs its side of
 * each swap: the transaction moves the user's input into the pool and the pool's output to the user
 * (creating the user's USDC account when missing), signed by the pool and waiting for the user's
 * signature. The output is priced again at the swap: below the quote's threshold it is refused, as
 * Jupiter refuses a quote the market has left. SOL is named by the wrapped-SOL mint, as Jupiter names it.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  createNoopSigner,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  isAddress,
  lamports,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS
} from "@solana-program/token"
import * as Schema from "effect/Schema"
import * as JupiterWire from "../../http/server/solana/JupiterWire.ts"
import type { Chain } from "./Chain.ts"
import { deriveDemoKey, type DemoKey } from "./DemoKeys.ts"
import { land } from "./Landing.ts"
import type { SolanaTokenMint } from "./SolanaDeployment.ts"

export const jupiterPath = "/jupiter/swap/v1"

const LAMPORTS_PER_SOL = 1_000_000_000n
/** 10,000 SOL and 1,500,000 USDC: 150 USD a SOL, as Pyth's feed on the devnet says. */
const poolSol = 10_000n * LAMPORTS_PER_SOL
export const poolUsdc = 1_500_000n * 1_000_000n
/** What the pool keeps of its SOL for rent and fees: never swapped away. */
const solFloor = LAMPORTS_PER_SOL
const feeBps = 25n

const refuse = (response: ServerResponse, status: number, error: string, errorCode: string) => {
  response.writeHead(status, { "content-type": "application/json", "access-control-allow-origin": "*" })
  response.end(JSON.stringify({ error, errorCode }))
}
const answer = (response: ServerResponse, body: unknown) => {
  response.writeHead(200, { "content-type": "application/json", "access-control-allow-origin": "*" })
  response.end(JSON.stringify(body))
}

const decodeSwap = Schema.decodeUnknownOption(Schema.fromJsonString(JupiterWire.SwapRequest))

export interface JupiterStandIn {
  /** The pool's authority (its `ammKey`). */
  readonly pool: Address
  /** Answers a request under `/jupiter/swap/v1`; false for any other path. */
  readonly handle: (request: IncomingMessage, response: ServerResponse, body: () => Promise<string>) => Promise<boolean>
}

/** Funds the pool (SOL from the faucet, USDC minted by its mint authority) and serves the API over it. */
export const startJupiter = async (chain: Chain, usdc: SolanaTokenMint, faucet: DemoKey): Promise<JupiterStandIn> => {
  const pool = await deriveDemoKey("jupiter-pool")
  const mintAuthority = await deriveDemoKey("usdc-mint-authority")
  const mint = address(usdc.address)
  const [poolAta] = await findAssociatedTokenPda({ owner: pool.signer.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  await land(chain, faucet.signer, [getTransferSolInstruction({ source: faucet.signer, destination: pool.signer.address, amount: lamports(poolSol + solFloor) })])
  await land(chain, mintAuthority.signer, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: mintAuthority.signer, ata: poolAta, owner: pool.signer.address, mint }),
    getMintToCheckedInstruction({ mint, token: poolAta, mintAuthority: mintAuthority.signer, amount: poolUsdc, decimals: usdc.decimals })
  ])

  const reserves = () => {
    const sol = (chain.getAccount(pool.signer.address)?.lamports ?? 0n) - solFloor
    const data = chain.getAccount(poolAta)?.data
    const usdcUnits = data === undefined ? 0n : new DataView(data.buffer, data.byteOffset).getBigUint64(64, true)
    return { [JupiterWire.solMint]: sol, [usdc.address]: usdcUnits } as Readonly<Record<string, bigint>>
  }

  /** An exact-input quote, or why there is none. */
  const quote = (inputMint: string, outputMint: string, amount: bigint, slippageBps: number): JupiterWire.QuoteResponse | string => {
    const all = reserves()
    const reserveIn = all[inputMint]
    const reserveOut = all[outputMint]
    if (reserveIn === undefined || reserveOut === undefined || inputMint === outputMint) return "Could not find any route"
    const fee = (amount * feeBps + 9_999n) / 10_000n
    const net = amount - fee
    const out = (reserveOut * net) / (reserveIn + net)
    if (out <= 0n || out >= reserveOut) return "Could not find any route"
    const threshold = (out * (10_000n - BigInt(slippageBps))) / 10_000n
    // How much worse than the pool's own price the swap executes: 1 - (out / amount) / (reserveOut / reserveIn).
    const impact = 1 - (Number(out) * Number(reserveIn)) / (Number(amount) * Number(reserveOut))
    return {
      inputMint,
      inAmount: amount.toString(),
      outputMint,
      outAmount: out.toString(),
      otherAmountThreshold: threshold.toString(),
      swapMode: "ExactIn",
      slippageBps,
      priceImpactPct: impact.toFixed(6),
      routePlan: [{
        swapInfo: { ammKey: pool.signer.address, label: "Portico Sandbox Pool", inputMint, outputMint, inAmount: amount.toString(), outAmount: out.toString(), feeAmount: fee.toString(), feeMint: inputMint },
        percent: 100
      }],
      contextSlot: chain.slot,
      timeTaken: 0
    }
  }

  const swapTransaction = async (user: Address, inputMint: string, amountIn: bigint, amountOut: bigint) => {
    const payer = createNoopSigner(user)
    const [userAta] = await findAssociatedTokenPda({ owner: user, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const instructions = inputMint === JupiterWire.solMint
      ? [
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata: userAta, owner: user, mint }),
        getTransferSolInstruction({ source: payer, destination: pool.signer.address, amount: lamports(amountIn) }),
        getTransferCheckedInstruction({ source: poolAta, mint, destination: userAta, authority: pool.signer, amount: amountOut, decimals: usdc.decimals })
      ]
      : [
        getTransferCheckedInstruction({ source: userAta, mint, destination: poolAta, authority: payer, amount: amountIn, decimals: usdc.decimals }),
        getTransferSolInstruction({ source: pool.signer, destination: user, amount: lamports(amountOut) })
      ]
    const latest = chain.latestBlockhash()
    const signed = await partiallySignTransactionMessageWithSigners(pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayer(user, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(latest.blockhash), lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) }, message),
      (message) => appendTransactionMessageInstructions(instructions, message)
    ))
    return { swapTransaction: getBase64EncodedWireTransaction(signed), lastValidBlockHeight: latest.lastValidBlockHeight, prioritizationFeeLamports: 0 }
  }

  const quoteOf = (url: URL, response: ServerResponse) => {
    const query = url.searchParams
    const amount = query.get("amount") ?? ""
    const slippageBps = Number(query.get("slippageBps") ?? "50")
    if (!/^[1-9]\d{0,25}$/.test(amount) || !Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000) {
      return refuse(response, 400, "amount and slippageBps must be whole numbers", "INVALID_REQUEST")
    }
    if ((query.get("swapMode") ?? "ExactIn") !== "ExactIn") return refuse(response, 400, "Only ExactIn is supported", "INVALID_REQUEST")
    const quoted = quote(query.get("inputMint") ?? "", query.get("outputMint") ?? "", BigInt(amount), slippageBps)
    return typeof quoted === "string" ? refuse(response, 400, quoted, "COULD_NOT_FIND_ANY_ROUTE") : answer(response, quoted)
  }

  const swap = async (text: string, response: ServerResponse) => {
    const decoded = decodeSwap(text)
    if (decoded._tag === "None" || !isAddress(decoded.value.userPublicKey)) return refuse(response, 400, "userPublicKey and quoteResponse are required", "INVALID_REQUEST")
    const { quoteResponse, userPublicKey } = decoded.value
    const now = quote(quoteResponse.inputMint, quoteResponse.outputMint, BigInt(quoteResponse.inAmount), quoteResponse.slippageBps)
    if (typeof now === "string") return refuse(response, 400, now, "COULD_NOT_FIND_ANY_ROUTE")
    if (BigInt(now.outAmount) < BigInt(quoteResponse.otherAmountThreshold)) {
      return refuse(response, 422, "The market moved past the quote's slippage tolerance", "SLIPPAGE_TOLERANCE_EXCEEDED")
    }
    return answer(response, await swapTransaction(address(userPublicKey), quoteResponse.inputMint, BigInt(quoteResponse.inAmount), BigInt(now.outAmount)))
  }

  return {
    pool: pool.signer.address,
    handle: async (request, response, body) => {
      const url = new URL(request.url ?? "/", "http://devnet.invalid")
      if (!url.pathname.startsWith(`${jupiterPath}/`)) return false
      const path = url.pathname.slice(jupiterPath.length)
      if (request.method === "GET" && path === "/quote") quoteOf(url, response)
      else if (request.method === "POST" && path === "/swap") await swap(await body(), response)
      else refuse(response, 404, "Not Found", "NOT_FOUND")
      return true
    }
  }
}
