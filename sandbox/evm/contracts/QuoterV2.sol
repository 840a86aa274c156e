// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SqrtPrice} from "./SqrtPrice.sol";
import {IV3Factory, IV3Pool} from "./UniswapInterfaces.sol";

/// Uniswap v3's QuoterV2 interface (quoteExactInputSingle and quoteExactInput over an encoded path),
/// written for the sandbox. As the real one, it quotes by running the pool's swap and reverting inside
/// the swap callback with what the swap would give, so a quote is exactly what the pool would do.
contract QuoterV2 {
    struct QuoteExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        uint24 fee;
        uint160 sqrtPriceLimitX96;
    }

    address public immutable factory;
    address public immutable WETH9;

    constructor(address factory_, address weth9_) {
        factory = factory_;
        WETH9 = weth9_;
    }

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external view {
        require(amount0Delta > 0 || amount1Delta > 0);
        (address tokenIn, address tokenOut, uint24 fee) = abi.decode(data, (address, address, uint24));
        require(msg.sender == IV3Factory(factory).getPool(tokenIn, tokenOut, fee));
        uint256 amountOut = uint256(-(amount0Delta > 0 ? amount1Delta : amount0Delta));
        (uint160 sqrtPriceX96After, int24 tickAfter,,,,,) = IV3Pool(msg.sender).slot0();
        bytes memory answer = abi.encode(amountOut, sqrtPriceX96After, tickAfter);
        assembly {
            revert(add(answer, 32), 96)
        }
    }

    function quoteExactInputSingle(QuoteExactInputSingleParams memory params)
        public
        returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)
    {
        address pool = IV3Factory(factory).getPool(params.tokenIn, params.tokenOut, params.fee);
        require(pool != address(0), "Pool not found");
        bytes memory reason;
        (reason, gasEstimate) = _simulate(pool, params);
        (amountOut, sqrtPriceX96After,) = abi.decode(reason, (uint256, uint160, int24));
        // Positions are full range: no initialized tick is ever crossed.
        initializedTicksCrossed = 0;
    }

    /// Runs the swap, which the callback ends by reverting with its outcome (any other revert is passed on).
    function _simulate(address pool, QuoteExactInputSingleParams memory params) private returns (bytes memory reason, uint256 gasUsed) {
        bool zeroForOne = params.tokenIn < params.tokenOut;
        (uint160 lowest, uint160 highest) = SqrtPrice.bounds();
        uint160 limit = params.sqrtPriceLimitX96 != 0 ? params.sqrtPriceLimitX96 : zeroForOne ? lowest : highest;
        bytes memory data = abi.encode(params.tokenIn, params.tokenOut, params.fee);
        uint256 gasBefore = gasleft();
        try IV3Pool(pool).swap(address(this), zeroForOne, int256(params.amountIn), limit, data) {
            revert("Unexpected success");
        } catch (bytes memory caught) {
            gasUsed = gasBefore - gasleft();
            if (caught.length != 96) {
                assembly {
                    revert(add(caught, 32), mload(caught))
                }
            }
            reason = caught;
        }
    }

    /// `path` is tokenIn, then (fee, token) for each hop: 20 + 23·n bytes.
    function quoteExactInput(bytes memory path, uint256 amountIn)
        external
        returns (uint256 amountOut, uint160[] memory sqrtPriceX96AfterList, uint32[] memory initializedTicksCrossedList, uint256 gasEstimate)
    {
        require(path.length >= 43 && (path.length - 20) % 23 == 0, "Invalid path");
        uint256 hops = (path.length - 20) / 23;
        sqrtPriceX96AfterList = new uint160[](hops);
        initializedTicksCrossedList = new uint32[](hops);
        amountOut = amountIn;
        for (uint256 i = 0; i < hops; i++) {
            (address tokenIn, uint24 fee, address tokenOut) = _hop(path, i * 23);
            (uint256 out, uint160 after_, uint32 crossed, uint256 gas) =
                quoteExactInputSingle(QuoteExactInputSingleParams(tokenIn, tokenOut, amountOut, fee, 0));
            amountOut = out;
            sqrtPriceX96AfterList[i] = after_;
            initializedTicksCrossedList[i] = crossed;
            gasEstimate += gas;
        }
    }

    function _hop(bytes memory path, uint256 offset) private pure returns (address tokenIn, uint24 fee, address tokenOut) {
        bytes32 first;
        bytes32 second;
        assembly {
            first := mload(add(add(path, 32), offset))
            second := mload(add(add(path, 55), offset))
        }
        tokenIn = address(bytes20(first));
        fee = uint24(bytes3(first << 160));
        tokenOut = address(bytes20(second));
    }
}
