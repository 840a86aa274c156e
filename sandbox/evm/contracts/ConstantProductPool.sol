// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20 {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// An x*y=k pool of two standard ERC20 tokens with a 0.3% fee, enough for real swap quotes and swaps.
/// Only the owner provides liquidity (there are no LP shares in the sandbox).
contract ConstantProductPool {
    uint256 public constant FEE_NUMERATOR = 997;
    uint256 public constant FEE_DENOMINATOR = 1000;

    address public immutable token0;
    address public immutable token1;
    address public immutable owner;
    uint256 private _reserve0;
    uint256 private _reserve1;

    event Swap(address indexed sender, address indexed tokenIn, uint256 amountIn, uint256 amountOut, address indexed to);
    event Sync(uint256 reserve0, uint256 reserve1);

    error NotOwner(address caller);
    error UnknownToken(address token);
    error ZeroAmount();
    error InsufficientLiquidity();
    error Slippage(uint256 amountOut, uint256 minAmountOut);
    error TransferFailed(address token);

    constructor(address token0_, address token1_) {
        token0 = token0_;
        token1 = token1_;
        owner = msg.sender;
    }

    function getReserves() external view returns (uint256 reserve0, uint256 reserve1) {
        return (_reserve0, _reserve1);
    }

    function getAmountOut(address tokenIn, uint256 amountIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = _reservesFor(tokenIn);
        if (amountIn == 0) revert ZeroAmount();
        if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity();
        uint256 amountInWithFee = amountIn * FEE_NUMERATOR;
        return (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
    }

    function addLiquidity(uint256 amount0, uint256 amount1) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        _pull(token0, amount0);
        _pull(token1, amount1);
        _reserve0 += amount0;
        _reserve1 += amount1;
        emit Sync(_reserve0, _reserve1);
    }

    function swap(address tokenIn, uint256 amountIn, uint256 minAmountOut, address to)
        external
        returns (uint256 amountOut)
    {
        amountOut = getAmountOut(tokenIn, amountIn);
        if (amountOut < minAmountOut) revert Slippage(amountOut, minAmountOut);
        _pull(tokenIn, amountIn);
        address tokenOut = tokenIn == token0 ? token1 : token0;
        if (tokenIn == token0) {
            _reserve0 += amountIn;
            _reserve1 -= amountOut;
        } else {
            _reserve1 += amountIn;
            _reserve0 -= amountOut;
        }
        if (!IERC20(tokenOut).transfer(to, amountOut)) revert TransferFailed(tokenOut);
        emit Swap(msg.sender, tokenIn, amountIn, amountOut, to);
        emit Sync(_reserve0, _reserve1);
    }

    function _reservesFor(address tokenIn) private view returns (uint256 reserveIn, uint256 reserveOut) {
        if (tokenIn == token0) return (_reserve0, _reserve1);
        if (tokenIn == token1) return (_reserve1, _reserve0);
        revert UnknownToken(tokenIn);
    }

    function _pull(address token, uint256 amount) private {
        if (amount == 0) revert ZeroAmount();
        if (!IERC20(token).transferFrom(msg.sender, address(this), amount)) revert TransferFailed(token);
    }
}
