// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ShortText} from "./ShortText.sol";

/// A minimal ERC20 whose owner mints; decimals are set at deploy time (6 for the USDC-like token, 18 for the DAI-like one).
contract Token {
    bytes32 private immutable _name;
    bytes32 private immutable _symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    address public immutable owner;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(address from, uint256 balance, uint256 needed);
    error InsufficientAllowance(address spender, uint256 allowance, uint256 needed);
    error NotOwner(address caller);
    error ZeroAddress();

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
        if (msg.sender != owner) revert NotOwner(msg.sender);
        if (to == address(0)) revert ZeroAddress();
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            if (allowed < value) revert InsufficientAllowance(msg.sender, allowed, value);
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        if (to == address(0)) revert ZeroAddress();
        uint256 balance = balanceOf[from];
        if (balance < value) revert InsufficientBalance(from, balance, value);
        unchecked {
            balanceOf[from] = balance - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
