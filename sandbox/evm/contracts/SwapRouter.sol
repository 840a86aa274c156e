// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A router holding x*y=k pools for several pairs, Ether included (as the zero address), each with a 0.3 %
/// fee: what the sandbox's swap quotes and swaps run against. Tokens that return nothing from `transfer`
/// (the USDT-like one) are handled like standard ones. Only the owner provides liquidity (no LP shares).
contract SwapRouter {
    uint256 public constant FEE_NUMERATOR = 997;
    uint256 public constant FEE_DENOMINATOR = 1000;
    address public constant NATIVE = address(0);

    address public immutable owner;
    mapping(bytes32 => uint256[2]) private _reserves;
    mapping(bytes32 => bool) private _listed;

    event Swap(address indexed sender, address indexed tokenIn, address indexed tokenOut, uint256 amountIn, uint256 amountOut, address to);
    event Sync(address indexed token0, address indexed token1, uint256 reserve0, uint256 reserve1);

    error NotOwner(address caller);
    error UnknownPair(address tokenA, address tokenB);
    error ZeroAmount();
    error InsufficientLiquidity();
    error Slippage(uint256 amountOut, uint256 minAmountOut);
    error Expired(uint256 deadline);
    error WrongValue(uint256 sent, uint256 expected);
    error TransferFailed(address token);

    constructor() {
        owner = msg.sender;
    }

    function _sorted(address tokenA, address tokenB) private pure returns (address token0, address token1) {
        return tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
    }

    function _key(address tokenA, address tokenB) private pure returns (bytes32) {
        (address token0, address token1) = _sorted(tokenA, tokenB);
        return keccak256(abi.encode(token0, token1));
    }

    /// Reserves in the order asked for (tokenA's first).
    function getReserves(address tokenA, address tokenB) public view returns (uint256 reserveA, uint256 reserveB) {
        bytes32 key = _key(tokenA, tokenB);
        if (!_listed[key]) revert UnknownPair(tokenA, tokenB);
        uint256[2] memory reserves = _reserves[key];
        (address token0,) = _sorted(tokenA, tokenB);
        return tokenA == token0 ? (reserves[0], reserves[1]) : (reserves[1], reserves[0]);
    }

    function getAmountOut(address tokenIn, address tokenOut, uint256 amountIn) public view returns (uint256) {
        (uint256 reserveIn, uint256 reserveOut) = getReserves(tokenIn, tokenOut);
        if (amountIn == 0) revert ZeroAmount();
        if (reserveIn == 0 || reserveOut == 0) revert InsufficientLiquidity();
        uint256 amountInWithFee = amountIn * FEE_NUMERATOR;
        return (amountInWithFee * reserveOut) / (reserveIn * FEE_DENOMINATOR + amountInWithFee);
    }

    function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB) external payable {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        if (amountA == 0 || amountB == 0) revert ZeroAmount();
        _pull(tokenA, amountA);
        _pull(tokenB, amountB);
        bytes32 key = _key(tokenA, tokenB);
        _listed[key] = true;
        (address token0, address token1) = _sorted(tokenA, tokenB);
        (uint256 amount0, uint256 amount1) = tokenA == token0 ? (amountA, amountB) : (amountB, amountA);
        _reserves[key][0] += amount0;
        _reserves[key][1] += amount1;
        emit Sync(token0, token1, _reserves[key][0], _reserves[key][1]);
    }

    /// Swaps exactly `amountIn` of `tokenIn` (Ether: send it as the value) for at least `minAmountOut`.
    function swap(address tokenIn, address tokenOut, uint256 amountIn, uint256 minAmountOut, address to, uint256 deadline)
        external
        payable
        returns (uint256 amountOut)
    {
        if (block.timestamp > deadline) revert Expired(deadline);
        if (tokenIn != NATIVE && msg.value != 0) revert WrongValue(msg.value, 0);
        amountOut = getAmountOut(tokenIn, tokenOut, amountIn);
        if (amountOut < minAmountOut) revert Slippage(amountOut, minAmountOut);
        _pull(tokenIn, amountIn);
        bytes32 key = _key(tokenIn, tokenOut);
        (address token0,) = _sorted(tokenIn, tokenOut);
        if (tokenIn == token0) {
            _reserves[key][0] += amountIn;
            _reserves[key][1] -= amountOut;
        } else {
            _reserves[key][1] += amountIn;
            _reserves[key][0] -= amountOut;
        }
        _send(tokenOut, to, amountOut);
        emit Swap(msg.sender, tokenIn, tokenOut, amountIn, amountOut, to);
    }

    /// Ether arrives as the call's value; a token is taken with transferFrom (return data optional).
    function _pull(address token, uint256 amount) private {
        if (token == NATIVE) {
            if (msg.value != amount) revert WrongValue(msg.value, amount);
            return;
        }
        (bool ok, bytes memory data) = token.call(abi.encodeWithSignature("transferFrom(address,address,uint256)", msg.sender, address(this), amount));
        if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TransferFailed(token);
    }

    function _send(address token, address to, uint256 amount) private {
        if (token == NATIVE) {
            (bool sent,) = to.call{value: amount}("");
            if (!sent) revert TransferFailed(token);
            return;
        }
        (bool ok, bytes memory data) = token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        if (!ok || (data.length != 0 && !abi.decode(data, (bool)))) revert TransferFailed(token);
    }
}
