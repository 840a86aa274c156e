// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenTransfers} from "./TokenTransfers.sol";

interface IUniswapV2Callee {
    function uniswapV2Call(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external;
}

/// A constant-product pair with Uniswap v2's pair interface (getReserves, mint, swap with the 0.3 % fee
/// checked on the invariant, sync, the Mint / Swap / Sync events and an ERC20 liquidity token), written
/// for the sandbox from that interface. No burn or protocol fee: the sandbox never withdraws liquidity.
contract UniswapV2Pair {
    uint256 public constant MINIMUM_LIQUIDITY = 1000;
    string public constant name = "Uniswap V2";
    string public constant symbol = "UNI-V2";
    uint8 public constant decimals = 18;

    address public immutable factory;
    address public token0;
    address public token1;

    uint112 private _reserve0;
    uint112 private _reserve1;
    uint32 private _blockTimestampLast;
    uint256 public price0CumulativeLast;
    uint256 public price1CumulativeLast;
    uint256 private _unlocked = 1;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to);
    event Sync(uint112 reserve0, uint112 reserve1);

    modifier lock() {
        require(_unlocked == 1, "UniswapV2: LOCKED");
        _unlocked = 0;
        _;
        _unlocked = 1;
    }

    constructor() {
        factory = msg.sender;
    }

    function initialize(address token0_, address token1_) external {
        require(msg.sender == factory, "UniswapV2: FORBIDDEN");
        token0 = token0_;
        token1 = token1_;
    }

    function getReserves() public view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast) {
        return (_reserve0, _reserve1, _blockTimestampLast);
    }

    function mint(address to) external lock returns (uint256 liquidity) {
        uint256 balance0 = TokenTransfers.balanceOf(token0, address(this));
        uint256 balance1 = TokenTransfers.balanceOf(token1, address(this));
        uint256 amount0 = balance0 - _reserve0;
        uint256 amount1 = balance1 - _reserve1;
        if (totalSupply == 0) {
            liquidity = _sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
            _mintShares(address(0), MINIMUM_LIQUIDITY);
        } else {
            uint256 by0 = (amount0 * totalSupply) / _reserve0;
            uint256 by1 = (amount1 * totalSupply) / _reserve1;
            liquidity = by0 < by1 ? by0 : by1;
        }
        require(liquidity > 0, "UniswapV2: INSUFFICIENT_LIQUIDITY_MINTED");
        _mintShares(to, liquidity);
        _update(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1);
    }

    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external lock {
        require(amount0Out > 0 || amount1Out > 0, "UniswapV2: INSUFFICIENT_OUTPUT_AMOUNT");
        require(amount0Out < _reserve0 && amount1Out < _reserve1, "UniswapV2: INSUFFICIENT_LIQUIDITY");
        require(to != token0 && to != token1, "UniswapV2: INVALID_TO");
        if (amount0Out > 0) TokenTransfers.send(token0, to, amount0Out);
        if (amount1Out > 0) TokenTransfers.send(token1, to, amount1Out);
        if (data.length > 0) IUniswapV2Callee(to).uniswapV2Call(msg.sender, amount0Out, amount1Out, data);
        uint256 balance0 = TokenTransfers.balanceOf(token0, address(this));
        uint256 balance1 = TokenTransfers.balanceOf(token1, address(this));
        uint256 amount0In = balance0 > _reserve0 - amount0Out ? balance0 - (_reserve0 - amount0Out) : 0;
        uint256 amount1In = balance1 > _reserve1 - amount1Out ? balance1 - (_reserve1 - amount1Out) : 0;
        require(amount0In > 0 || amount1In > 0, "UniswapV2: INSUFFICIENT_INPUT_AMOUNT");
        // The invariant holds on balances less 0.3 % of what came in.
        uint256 adjusted0 = balance0 * 1000 - amount0In * 3;
        uint256 adjusted1 = balance1 * 1000 - amount1In * 3;
        require(adjusted0 * adjusted1 >= uint256(_reserve0) * _reserve1 * 1_000_000, "UniswapV2: K");
        _update(balance0, balance1);
        emit Swap(msg.sender, amount0In, amount1In, amount0Out, amount1Out, to);
    }

    function sync() external lock {
        _update(TokenTransfers.balanceOf(token0, address(this)), TokenTransfers.balanceOf(token1, address(this)));
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        if (allowance[from][msg.sender] != type(uint256).max) allowance[from][msg.sender] -= value;
        _move(from, to, value);
        return true;
    }

    function _update(uint256 balance0, uint256 balance1) private {
        require(balance0 <= type(uint112).max && balance1 <= type(uint112).max, "UniswapV2: OVERFLOW");
        uint32 timestamp = uint32(block.timestamp);
        uint32 elapsed;
        unchecked {
            elapsed = timestamp - _blockTimestampLast;
        }
        if (elapsed > 0 && _reserve0 != 0 && _reserve1 != 0) {
            // Prices as UQ112x112, accumulated per second (the v2 oracle's cumulative prices).
            unchecked {
                price0CumulativeLast += ((uint256(_reserve1) << 112) / _reserve0) * elapsed;
                price1CumulativeLast += ((uint256(_reserve0) << 112) / _reserve1) * elapsed;
            }
        }
        _reserve0 = uint112(balance0);
        _reserve1 = uint112(balance1);
        _blockTimestampLast = timestamp;
        emit Sync(_reserve0, _reserve1);
    }

    function _mintShares(address to, uint256 value) private {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _move(address from, address to, uint256 value) private {
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y == 0) return 0;
        z = y;
        uint256 x = y / 2 + 1;
        while (x < z) {
            z = x;
            x = (y / x + x) / 2;
        }
    }
}
