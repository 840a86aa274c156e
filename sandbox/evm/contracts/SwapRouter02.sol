// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SqrtPrice} from "./SqrtPrice.sol";
import {TokenTransfers} from "./TokenTransfers.sol";
import {IV3Factory, IV3Pool, IWrappedEther} from "./UniswapInterfaces.sol";

/// Uniswap's SwapRouter02 interface for v3 exact-input swaps (exactInputSingle), the multicall with a
/// deadline, and the Ether helpers (Ether in is wrapped when it pays the pool; unwrapWETH9 and refundETH),
/// with its revert reasons and its recipient aliases (address(1) the caller, address(2) the router),
/// written for the sandbox.
contract SwapRouter02 {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    address private constant MSG_SENDER = address(1);
    address private constant ADDRESS_THIS = address(2);

    address public immutable factoryV2;
    address public immutable factory;
    address public immutable positionManager;
    address public immutable WETH9;

    constructor(address factoryV2_, address factory_, address positionManager_, address weth9_) {
        factoryV2 = factoryV2_;
        factory = factory_;
        positionManager = positionManager_;
        WETH9 = weth9_;
    }

    receive() external payable {
        require(msg.sender == WETH9, "Not WETH9");
    }

    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256 amountOut) {
        address pool = IV3Factory(factory).getPool(params.tokenIn, params.tokenOut, params.fee);
        require(pool != address(0));
        bool zeroForOne = params.tokenIn < params.tokenOut;
        (int256 amount0, int256 amount1) = IV3Pool(pool).swap(
            _recipient(params.recipient), zeroForOne, int256(params.amountIn), _limit(params.sqrtPriceLimitX96, zeroForOne), _payment(params)
        );
        amountOut = uint256(-(zeroForOne ? amount1 : amount0));
        require(amountOut >= params.amountOutMinimum, "Too little received");
    }

    function _recipient(address given) private view returns (address) {
        return given == MSG_SENDER ? msg.sender : given == ADDRESS_THIS ? address(this) : given;
    }

    function _limit(uint160 given, bool zeroForOne) private pure returns (uint160) {
        if (given != 0) return given;
        (uint160 lowest, uint160 highest) = SqrtPrice.bounds();
        return zeroForOne ? lowest : highest;
    }

    function _payment(ExactInputSingleParams calldata params) private view returns (bytes memory) {
        return abi.encode(params.tokenIn, params.tokenOut, params.fee, msg.sender);
    }

    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external {
        require(amount0Delta > 0 || amount1Delta > 0);
        (address tokenIn, address tokenOut, uint24 fee, address payer) = abi.decode(data, (address, address, uint24, address));
        require(msg.sender == IV3Factory(factory).getPool(tokenIn, tokenOut, fee));
        uint256 owed = uint256(amount0Delta > 0 ? amount0Delta : amount1Delta);
        if (tokenIn == WETH9 && address(this).balance >= owed) {
            // Ether sent with the call pays a WETH input.
            IWrappedEther(WETH9).deposit{value: owed}();
            TokenTransfers.send(WETH9, msg.sender, owed);
        } else if (payer == address(this)) {
            TokenTransfers.send(tokenIn, msg.sender, owed);
        } else {
            TokenTransfers.pull(tokenIn, payer, msg.sender, owed);
        }
    }

    function unwrapWETH9(uint256 amountMinimum, address recipient) public payable {
        uint256 balance = IWrappedEther(WETH9).balanceOf(address(this));
        require(balance >= amountMinimum, "Insufficient WETH9");
        if (balance > 0) {
            IWrappedEther(WETH9).withdraw(balance);
            TokenTransfers.sendEther(recipient, balance);
        }
    }

    function refundETH() external payable {
        if (address(this).balance > 0) TokenTransfers.sendEther(msg.sender, address(this).balance);
    }

    function multicall(uint256 deadline, bytes[] calldata data) external payable returns (bytes[] memory) {
        require(block.timestamp <= deadline, "Transaction too old");
        return multicall(data);
    }

    function multicall(bytes[] calldata data) public payable returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i = 0; i < data.length; i++) {
            (bool success, bytes memory result) = address(this).delegatecall(data[i]);
            if (!success) {
                assembly {
                    revert(add(result, 32), mload(result))
                }
            }
            results[i] = result;
        }
    }
}
