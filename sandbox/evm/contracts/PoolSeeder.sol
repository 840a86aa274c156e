// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenTransfers} from "./TokenTransfers.sol";
import {IV3Factory, IV3Pool} from "./UniswapInterfaces.sol";

/// The sandbox's stand-in for the position manager: adds full-range liquidity to a v3 pool for the
/// caller, paying the mint callback (from a pool its own factory knows) from the caller's approved tokens.
contract PoolSeeder {
    function addLiquidity(address pool, uint128 amount) external {
        IV3Pool(pool).mint(msg.sender, -887220, 887220, amount, abi.encode(msg.sender));
    }

    function uniswapV3MintCallback(uint256 amount0Owed, uint256 amount1Owed, bytes calldata data) external {
        IV3Pool pool = IV3Pool(msg.sender);
        (address token0, address token1) = (pool.token0(), pool.token1());
        require(msg.sender == IV3Factory(pool.factory()).getPool(token0, token1, pool.fee()));
        address payer = abi.decode(data, (address));
        if (amount0Owed > 0) TokenTransfers.pull(token0, payer, msg.sender, amount0Owed);
        if (amount1Owed > 0) TokenTransfers.pull(token1, payer, msg.sender, amount1Owed);
    }
}
