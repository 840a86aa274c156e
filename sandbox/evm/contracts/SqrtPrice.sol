// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Square-root prices (Q64.96) and ticks (price = 1.0001^tick), the way Uniswap v3 states a pool's price,
/// computed plainly: sqrt(1.0001)^|tick| by repeated squaring, and the tick of a price by bisection.
/// The sandbox's pools sit at ordinary prices, so ticks are limited to ±400,000 (prices from 1e-17 to
/// 2e17), which keeps every product within 256 bits.
library SqrtPrice {
    int24 internal constant MAX_TICK = 400_000;
    uint256 internal constant Q96 = 2 ** 96;
    /// sqrt(1.0001) in Q64.96.
    uint256 private constant SQRT_BASE = 79232123823359799118286999567;

    error TickOutOfRange(int24 tick);
    error PriceOutOfRange(uint160 sqrtPriceX96);

    function atTick(int24 tick) internal pure returns (uint160) {
        uint256 magnitude = tick < 0 ? uint256(-int256(tick)) : uint256(int256(tick));
        if (magnitude > uint256(int256(MAX_TICK))) revert TickOutOfRange(tick);
        uint256 result = Q96;
        uint256 power = SQRT_BASE;
        while (magnitude != 0) {
            if (magnitude & 1 == 1) result = (result * power) >> 96;
            magnitude >>= 1;
            if (magnitude != 0) power = (power * power) >> 96;
        }
        if (tick < 0) result = (Q96 * Q96) / result;
        return uint160(result);
    }

    /// The greatest tick whose price is at most `sqrtPriceX96`.
    function tickAt(uint160 sqrtPriceX96) internal pure returns (int24) {
        if (sqrtPriceX96 < atTick(-MAX_TICK) || sqrtPriceX96 > atTick(MAX_TICK)) revert PriceOutOfRange(sqrtPriceX96);
        int24 low = -MAX_TICK;
        int24 high = MAX_TICK;
        while (low < high) {
            int24 middle = int24((int256(low) + int256(high) + 1) / 2);
            if (atTick(middle) <= sqrtPriceX96) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return low;
    }

    /// The lowest and highest prices a pool may reach.
    function bounds() internal pure returns (uint160 lowest, uint160 highest) {
        return (atTick(-MAX_TICK), atTick(MAX_TICK));
    }
}
