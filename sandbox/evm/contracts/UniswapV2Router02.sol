// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenTransfers} from "./TokenTransfers.sol";
import {IWrappedEther} from "./UniswapInterfaces.sol";

interface IV2Factory {
    function getPair(address tokenA, address tokenB) external view returns (address);
    function createPair(address tokenA, address tokenB) external returns (address);
}

interface IV2Pair {
    function getReserves() external view returns (uint112, uint112, uint32);
    function token0() external view returns (address);
    function mint(address to) external returns (uint256);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
}

/// Uniswap v2's Router02 interface for what Portico and wallets call (quotes by path, exact-input swaps
/// of tokens and Ether, adding liquidity), with its revert reasons, written for the sandbox.
contract UniswapV2Router02 {
    address public immutable factory;
    address public immutable WETH;

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "UniswapV2Router: EXPIRED");
        _;
    }

    constructor(address factory_, address weth_) {
        factory = factory_;
        WETH = weth_;
    }

    receive() external payable {
        require(msg.sender == WETH);
    }

    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "UniswapV2Library: INSUFFICIENT_INPUT_AMOUNT");
        require(reserveIn > 0 && reserveOut > 0, "UniswapV2Library: INSUFFICIENT_LIQUIDITY");
        uint256 inWithFee = amountIn * 997;
        return (inWithFee * reserveOut) / (reserveIn * 1000 + inWithFee);
    }

    function getAmountsOut(uint256 amountIn, address[] memory path) public view returns (uint256[] memory amounts) {
        require(path.length >= 2, "UniswapV2Library: INVALID_PATH");
        amounts = new uint256[](path.length);
        amounts[0] = amountIn;
        for (uint256 i = 0; i < path.length - 1; i++) {
            (uint256 reserveIn, uint256 reserveOut) = _reserves(path[i], path[i + 1]);
            amounts[i + 1] = getAmountOut(amounts[i], reserveIn, reserveOut);
        }
    }

    function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        amounts = getAmountsOut(amountIn, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT");
        TokenTransfers.pull(path[0], msg.sender, _pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    function swapExactETHForTokens(uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        payable
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        require(path[0] == WETH, "UniswapV2Router: INVALID_PATH");
        amounts = getAmountsOut(msg.value, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT");
        IWrappedEther(WETH).deposit{value: amounts[0]}();
        TokenTransfers.send(WETH, _pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, to);
    }

    function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] calldata path, address to, uint256 deadline)
        external
        ensure(deadline)
        returns (uint256[] memory amounts)
    {
        require(path[path.length - 1] == WETH, "UniswapV2Router: INVALID_PATH");
        amounts = getAmountsOut(amountIn, path);
        require(amounts[amounts.length - 1] >= amountOutMin, "UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT");
        TokenTransfers.pull(path[0], msg.sender, _pair(path[0], path[1]), amounts[0]);
        _swap(amounts, path, address(this));
        IWrappedEther(WETH).withdraw(amounts[amounts.length - 1]);
        TokenTransfers.sendEther(to, amounts[amounts.length - 1]);
    }

    /// Adds exactly the desired amounts (the sandbox seeds pools at the price it chooses; a pool that
    /// exists takes them at its own price).
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        if (IV2Factory(factory).getPair(tokenA, tokenB) == address(0)) IV2Factory(factory).createPair(tokenA, tokenB);
        (uint256 reserveA, uint256 reserveB) = _reserves(tokenA, tokenB);
        (amountA, amountB) = (amountADesired, amountBDesired);
        if (reserveA != 0 || reserveB != 0) {
            uint256 optimalB = (amountADesired * reserveB) / reserveA;
            if (optimalB <= amountBDesired) {
                amountB = optimalB;
            } else {
                amountA = (amountBDesired * reserveA) / reserveB;
            }
        }
        require(amountA >= amountAMin, "UniswapV2Router: INSUFFICIENT_A_AMOUNT");
        require(amountB >= amountBMin, "UniswapV2Router: INSUFFICIENT_B_AMOUNT");
        address pair = _pair(tokenA, tokenB);
        TokenTransfers.pull(tokenA, msg.sender, pair, amountA);
        TokenTransfers.pull(tokenB, msg.sender, pair, amountB);
        liquidity = IV2Pair(pair).mint(to);
    }

    function _swap(uint256[] memory amounts, address[] memory path, address to) private {
        for (uint256 i = 0; i < path.length - 1; i++) {
            (address input, address output) = (path[i], path[i + 1]);
            uint256 amountOut = amounts[i + 1];
            (uint256 amount0Out, uint256 amount1Out) = input < output ? (uint256(0), amountOut) : (amountOut, uint256(0));
            address recipient = i < path.length - 2 ? _pair(output, path[i + 2]) : to;
            IV2Pair(_pair(input, output)).swap(amount0Out, amount1Out, recipient, new bytes(0));
        }
    }

    function _pair(address tokenA, address tokenB) private view returns (address pair) {
        pair = IV2Factory(factory).getPair(tokenA, tokenB);
        require(pair != address(0), "UniswapV2Library: PAIR_NOT_FOUND");
    }

    function _reserves(address tokenA, address tokenB) private view returns (uint256 reserveA, uint256 reserveB) {
        address pair = _pair(tokenA, tokenB);
        (uint112 reserve0, uint112 reserve1,) = IV2Pair(pair).getReserves();
        (reserveA, reserveB) = tokenA < tokenB ? (reserve0, reserve1) : (reserve1, reserve0);
    }
}
