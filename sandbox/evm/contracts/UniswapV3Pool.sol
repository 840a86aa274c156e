// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SqrtPrice} from "./SqrtPrice.sol";
import {TokenTransfers} from "./TokenTransfers.sol";

interface IUniswapV3MintCallback {
    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata data) external;
}

interface IUniswapV3SwapCallback {
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}

/// A pool with Uniswap v3's external interface — slot0, liquidity, observe (the TWAP oracle's tick and
/// seconds-per-liquidity accumulators), initialize, mint and swap with their callbacks, and the events —
/// written for the sandbox from that interface. Inside, every position is full range, so the pool trades
/// as x·y = L² at its square-root price: swaps run to the amount (or the price limit) without crossing
/// ticks. Exact-input swaps only.
contract UniswapV3Pool {
    struct Slot0 {
        uint160 sqrtPriceX96;
        int24 tick;
        uint16 observationIndex;
        uint16 observationCardinality;
        uint16 observationCardinalityNext;
        uint8 feeProtocol;
        bool unlocked;
    }

    struct Observation {
        uint32 blockTimestamp;
        int56 tickCumulative;
        uint160 secondsPerLiquidityCumulativeX128;
        bool initialized;
    }

    address public immutable factory;
    address public immutable token0;
    address public immutable token1;
    uint24 public immutable fee;
    int24 public immutable tickSpacing;

    Slot0 public slot0;
    uint128 public liquidity;
    Observation[] private _observations;

    event Initialize(uint160 sqrtPriceX96, int24 tick);
    event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1);
    event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick);

    error ExactOutputUnsupported();

    modifier lock() {
        require(slot0.unlocked, "LOK");
        slot0.unlocked = false;
        _;
        slot0.unlocked = true;
    }

    constructor(address token0_, address token1_, uint24 fee_, int24 tickSpacing_) {
        factory = msg.sender;
        token0 = token0_;
        token1 = token1_;
        fee = fee_;
        tickSpacing = tickSpacing_;
    }

    function initialize(uint160 sqrtPriceX96) external {
        require(slot0.sqrtPriceX96 == 0, "AI");
        int24 tick = SqrtPrice.tickAt(sqrtPriceX96);
        _observations.push(Observation(uint32(block.timestamp), 0, 0, true));
        slot0 = Slot0(sqrtPriceX96, tick, 0, 1, 1, 0, true);
        emit Initialize(sqrtPriceX96, tick);
    }

    function observations(uint256 index) external view returns (uint32, int56, uint160, bool) {
        Observation memory observation = _observations[index];
        return (observation.blockTimestamp, observation.tickCumulative, observation.secondsPerLiquidityCumulativeX128, observation.initialized);
    }

    /// Accumulators as of `secondsAgos[i]` seconds before this block, interpolated between observations;
    /// older than the first observation reverts "OLD", as the real oracle does.
    function observe(uint32[] calldata secondsAgos)
        external
        view
        returns (int56[] memory tickCumulatives, uint160[] memory secondsPerLiquidityCumulativeX128s)
    {
        require(_observations.length > 0, "I");
        tickCumulatives = new int56[](secondsAgos.length);
        secondsPerLiquidityCumulativeX128s = new uint160[](secondsAgos.length);
        for (uint256 i = 0; i < secondsAgos.length; i++) {
            (tickCumulatives[i], secondsPerLiquidityCumulativeX128s[i]) = _observeAt(uint32(block.timestamp) - secondsAgos[i]);
        }
    }

    /// Full-range liquidity: the owed amounts are L / √P and L·√P, paid in the mint callback.
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        lock
        returns (uint256 amount0, uint256 amount1)
    {
        require(amount > 0);
        uint256 price = slot0.sqrtPriceX96;
        amount0 = _divUp(uint256(amount) * SqrtPrice.Q96, price);
        amount1 = _divUp(uint256(amount) * price, SqrtPrice.Q96);
        uint256 balance0Before = TokenTransfers.balanceOf(token0, address(this));
        uint256 balance1Before = TokenTransfers.balanceOf(token1, address(this));
        IUniswapV3MintCallback(msg.sender).uniswapV3MintCallback(amount0, amount1, data);
        require(TokenTransfers.balanceOf(token0, address(this)) >= balance0Before + amount0, "M0");
        require(TokenTransfers.balanceOf(token1, address(this)) >= balance1Before + amount1, "M1");
        _write();
        liquidity += amount;
        emit Mint(msg.sender, recipient, tickLower, tickUpper, amount, amount0, amount1);
    }

    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        lock
        returns (int256 amount0, int256 amount1)
    {
        require(amountSpecified != 0, "AS");
        if (amountSpecified < 0) revert ExactOutputUnsupported();
        uint160 price = slot0.sqrtPriceX96;
        (uint160 lowest, uint160 highest) = SqrtPrice.bounds();
        require(
            zeroForOne ? sqrtPriceLimitX96 < price && sqrtPriceLimitX96 >= lowest : sqrtPriceLimitX96 > price && sqrtPriceLimitX96 <= highest,
            "SPL"
        );
        require(liquidity > 0, "L");
        (uint256 amountIn, uint256 amountOut, uint160 next) = _step(zeroForOne, uint256(amountSpecified), sqrtPriceLimitX96);

        _write();
        slot0.sqrtPriceX96 = next;
        slot0.tick = SqrtPrice.tickAt(next);
        (amount0, amount1) = zeroForOne ? (int256(amountIn), -int256(amountOut)) : (-int256(amountOut), int256(amountIn));
        _settle(recipient, zeroForOne, amount0, amount1, data);
        emit Swap(msg.sender, recipient, amount0, amount1, next, liquidity, slot0.tick);
    }

    /// Pays out first, then asks the caller (swap callback) for the input and checks it arrived.
    function _settle(address recipient, bool zeroForOne, int256 amount0, int256 amount1, bytes calldata data) private {
        (address tokenIn, address tokenOut) = zeroForOne ? (token0, token1) : (token1, token0);
        (uint256 amountIn, uint256 amountOut) = zeroForOne ? (uint256(amount0), uint256(-amount1)) : (uint256(amount1), uint256(-amount0));
        if (amountOut > 0) TokenTransfers.send(tokenOut, recipient, amountOut);
        uint256 balanceBefore = TokenTransfers.balanceOf(tokenIn, address(this));
        IUniswapV3SwapCallback(msg.sender).uniswapV3SwapCallback(amount0, amount1, data);
        require(TokenTransfers.balanceOf(tokenIn, address(this)) >= balanceBefore + amountIn, "IIA");
    }

    /// One full-range step: the fee comes off the input, the rest moves the price along x·y = L², stopping
    /// at the limit (then only the input that reaches it is taken).
    function _step(bool zeroForOne, uint256 amountIn, uint160 limit) private view returns (uint256 taken, uint256 amountOut, uint160 next) {
        uint256 price = slot0.sqrtPriceX96;
        uint256 depth = uint256(liquidity) * SqrtPrice.Q96;
        uint256 net = (amountIn * (1_000_000 - fee)) / 1_000_000;
        taken = amountIn;
        if (zeroForOne) {
            uint256 reserve0 = depth / price;
            uint256 moved = depth / (reserve0 + net);
            if (moved < limit) {
                moved = limit;
                net = _divUp(depth, limit) - reserve0;
                taken = _divUp(net * 1_000_000, 1_000_000 - fee);
            }
            next = uint160(moved);
            amountOut = (uint256(liquidity) * (price - moved)) / SqrtPrice.Q96;
        } else {
            uint256 reserve1 = (uint256(liquidity) * price) / SqrtPrice.Q96;
            uint256 moved = ((reserve1 + net) * SqrtPrice.Q96) / liquidity;
            if (moved > limit) {
                moved = limit;
                net = _divUp(uint256(liquidity) * limit, SqrtPrice.Q96) - reserve1;
                taken = _divUp(net * 1_000_000, 1_000_000 - fee);
            }
            next = uint160(moved);
            amountOut = depth / price - _divUp(depth, moved);
        }
    }

    /// One observation per block, written before the price moves: the tick that held until now.
    function _write() private {
        Observation memory last = _observations[_observations.length - 1];
        if (last.blockTimestamp == uint32(block.timestamp)) return;
        (int56 tickCumulative, uint160 secondsPerLiquidity) = _extend(last, uint32(block.timestamp));
        _observations.push(Observation(uint32(block.timestamp), tickCumulative, secondsPerLiquidity, true));
        uint256 count = _observations.length;
        uint16 cardinality = count > type(uint16).max ? type(uint16).max : uint16(count);
        slot0.observationIndex = cardinality - 1;
        slot0.observationCardinality = cardinality;
        slot0.observationCardinalityNext = cardinality;
    }

    function _extend(Observation memory from, uint32 time) private view returns (int56, uint160) {
        uint32 elapsed = time - from.blockTimestamp;
        uint128 depth = liquidity > 0 ? liquidity : 1;
        return (
            from.tickCumulative + int56(slot0.tick) * int56(uint56(elapsed)),
            from.secondsPerLiquidityCumulativeX128 + uint160((uint256(elapsed) << 128) / depth)
        );
    }

    function _observeAt(uint32 target) private view returns (int56, uint160) {
        uint256 count = _observations.length;
        Observation memory last = _observations[count - 1];
        if (target >= last.blockTimestamp) return _extend(last, target);
        require(target >= _observations[0].blockTimestamp, "OLD");
        // The last observation at or before the target, then the one after it.
        uint256 low = 0;
        uint256 high = count - 1;
        while (low + 1 < high) {
            uint256 middle = (low + high) / 2;
            if (_observations[middle].blockTimestamp <= target) {
                low = middle;
            } else {
                high = middle;
            }
        }
        Observation memory before = _observations[low];
        Observation memory afterward = _observations[high];
        if (target == before.blockTimestamp) return (before.tickCumulative, before.secondsPerLiquidityCumulativeX128);
        uint56 span = afterward.blockTimestamp - before.blockTimestamp;
        uint56 into = target - before.blockTimestamp;
        return (
            before.tickCumulative + ((afterward.tickCumulative - before.tickCumulative) / int56(span)) * int56(into),
            before.secondsPerLiquidityCumulativeX128
                + uint160((uint256(afterward.secondsPerLiquidityCumulativeX128 - before.secondsPerLiquidityCumulativeX128) * into) / span)
        );
    }

    function _divUp(uint256 a, uint256 b) private pure returns (uint256) {
        return (a + b - 1) / b;
    }
}
