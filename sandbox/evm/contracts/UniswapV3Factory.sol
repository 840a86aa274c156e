// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {UniswapV3Pool} from "./UniswapV3Pool.sol";

/// Uniswap v3's factory interface (getPool by pair and fee, createPool, feeAmountTickSpacing with the
/// four standard tiers, PoolCreated), written for the sandbox. Pools are CREATE2 deployments salted by
/// their sorted tokens and fee.
contract UniswapV3Factory {
    address public immutable owner;

    mapping(address => mapping(address => mapping(uint24 => address))) public getPool;

    event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool);

    constructor(address owner_) {
        owner = owner_;
    }

    function feeAmountTickSpacing(uint24 fee) public pure returns (int24) {
        if (fee == 100) return 1;
        if (fee == 500) return 10;
        if (fee == 3000) return 60;
        if (fee == 10000) return 200;
        return 0;
    }

    function createPool(address tokenA, address tokenB, uint24 fee) external returns (address pool) {
        require(tokenA != tokenB);
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(token0 != address(0));
        int24 tickSpacing = feeAmountTickSpacing(fee);
        require(tickSpacing != 0);
        require(getPool[token0][token1][fee] == address(0));
        pool = address(new UniswapV3Pool{salt: keccak256(abi.encode(token0, token1, fee))}(token0, token1, fee, tickSpacing));
        getPool[token0][token1][fee] = pool;
        getPool[token1][token0][fee] = pool;
        emit PoolCreated(token0, token1, fee, tickSpacing, pool);
    }
}
