// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ShortText} from "./ShortText.sol";

/// The old USDT interface: transfer, transferFrom and approve return nothing, so a caller that decodes
/// a bool from the standard ERC20 ABI reads empty return data.
contract LegacyToken {
    bytes32 private immutable _name;
    bytes32 private immutable _symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address public immutable owner;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) {
        _name = ShortText.pack(name_);
        _symbol = ShortText.pack(symbol_);
        decimals = decimals_;
        owner = msg.sender;
    }

    function name() external view returns (string memory) {
        return ShortText.unpack(_name);
    }

    function symbol() external view returns (string memory) {
        return ShortText.unpack(_symbol);
    }

    function mint(address to, uint256 value) external {
        require(msg.sender == owner, "not owner");
        require(to != address(0), "zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    /// Like USDT, a non-zero allowance must be reset to zero before it changes.
    function approve(address spender, uint256 value) external {
        require(value == 0 || allowance[msg.sender][spender] == 0, "reset allowance first");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "zero address");
        require(balanceOf[from] >= value, "insufficient balance");
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
