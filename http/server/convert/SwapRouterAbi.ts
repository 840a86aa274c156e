/**
 * The interface of the swap router the convert API quotes and builds against (the sandbox deploys one,
 * sandbox/evm/contracts/SwapRouter.sol; a host points the server at its own deployment). Ether is the
 * zero address in its calls.
 */
import { parseAbi } from "viem"

export const swapRouterAbi = parseAbi([
  "function getReserves(address tokenA, address tokenB) view returns (uint256 reserveA, uint256 reserveB)",
  "function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) view returns (uint256)",
  "function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) payable",
  "function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline) payable returns (uint256 amountOut)",
  "error UnknownPair(address tokenA, address tokenB)",
  "error ZeroAmount()",
  "error InsufficientLiquidity()",
  "error Slippage(uint256 amountOut, uint256 minAmountOut)",
  "error Expired(uint256 deadline)",
  "error WrongValue(uint256 sent, uint256 expected)",
  "error TransferFailed(address token)"
])

/** Ether in the router's calls. */
export const routerNative = "0x0000000000000000000000000000000000000000"
