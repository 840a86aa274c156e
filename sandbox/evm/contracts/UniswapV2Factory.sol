// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {UniswapV2Pair} from "./UniswapV2Pair.sol";

/// Uniswap v2's factory interface (getPair, allPairs, allPairsLength, createPair, PairCreated, feeTo),
/// written for the sandbox. Pairs are CREATE2 deployments salted by their sorted tokens.
contract UniswapV2Factory {
    address public immutable feeToSetter;
    address public constant feeTo = address(0);

    mapping(address => mapping(address => address)) public getPair;
    address[] public allPairs;

    event PairCreated(address indexed token0, address indexed token1, address pair, uint256);

    constructor(address feeToSetter_) {
        feeToSetter = feeToSetter_;
    }

    function allPairsLength() external view returns (uint256) {
        return allPairs.length;
    }

    function createPair(address tokenA, address tokenB) external returns (address pair) {
        require(tokenA != tokenB, "UniswapV2: IDENTICAL_ADDRESSES");
        (address token0, address token1) = tokenA < tokenB ? (tokenA, tokenB) : (tokenB, tokenA);
        require(token0 != address(0), "UniswapV2: ZERO_ADDRESS");
        require(getPair[token0][token1] == address(0), "UniswapV2: PAIR_EXISTS");
        UniswapV2Pair created = new UniswapV2Pair{salt: keccak256(abi.encodePacked(token0, token1))}();
        created.initialize(token0, token1);
        pair = address(created);
        getPair[token0][token1] = pair;
        getPair[token1][token0] = pair;
        allPairs.push(pair);
        emit PairCreated(token0, token1, pair, allPairs.length);
    }
}
