/**
 * The transaction a swap sends to the venue that quoted best: Router02's swapExact… calls for v2, and for
 * v3 SwapRouter02's multicall(deadline, [exactInputSingle, unwrapWETH9 when Ether comes out]). Ether in is
 * sent as the value; the minimum output and the deadline are in every call.
 */
import { encodeFunctionData, type Address, type Hex } from "viem"
import type { BestQuote } from "./SwapVenues.ts"
import { routerItself, swapRouter02Abi, uniswapV2RouterAbi } from "./UniswapAbi.ts"

export interface SwapIntent {
  readonly quote: BestQuote
  /** The wrapped native token when the side is Ether. */
  readonly tokenIn: Address
  readonly tokenOut: Address
  readonly nativeIn: boolean
  readonly nativeOut: boolean
  readonly amountIn: bigint
  readonly minimumOut: bigint
  readonly recipient: Address
  /** Unix seconds. */
  readonly deadline: bigint
}

export const swapCall = (intent: SwapIntent): { readonly to: Address; readonly data: Hex; readonly value: bigint } => {
  const { quote, tokenIn, tokenOut, amountIn, minimumOut, recipient, deadline } = intent
  const value = intent.nativeIn ? amountIn : 0n
  if (quote.venue._tag === "V2") {
    const path = [tokenIn, tokenOut]
    const data = intent.nativeIn
      ? encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: "swapExactETHForTokens", args: [minimumOut, path, recipient, deadline] })
      : intent.nativeOut
      ? encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: "swapExactTokensForETH", args: [amountIn, minimumOut, path, recipient, deadline] })
      : encodeFunctionData({ abi: uniswapV2RouterAbi, functionName: "swapExactTokensForTokens", args: [amountIn, minimumOut, path, recipient, deadline] })
    return { to: quote.venue.router, data, value }
  }
  const single = encodeFunctionData({
    abi: swapRouter02Abi,
    functionName: "exactInputSingle",
    args: [{
      tokenIn,
      tokenOut,
      fee: quote.fee ?? 0,
      // Ether out: the router receives WETH and unwraps it to the visitor in the next call.
      recipient: intent.nativeOut ? routerItself : recipient,
      amountIn,
      amountOutMinimum: minimumOut,
      sqrtPriceLimitX96: 0n
    }]
  })
  const calls = intent.nativeOut
    ? [single, encodeFunctionData({ abi: swapRouter02Abi, functionName: "unwrapWETH9", args: [minimumOut, recipient] })]
    : [single]
  return { to: quote.venue.router, data: encodeFunctionData({ abi: swapRouter02Abi, functionName: "multicall", args: [deadline, calls] }), value }
}
