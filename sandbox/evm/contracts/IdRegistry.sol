// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The part of Farcaster's IdRegistry (OP Mainnet) that Sign In With Farcaster reads, written for the
/// sandbox: `idOf(custody)` and `custodyOf(fid)`, with the Register event. Farcaster's registrations go
/// through its IdGateway; here the registrar (an immutable set at placement) registers directly.
contract IdRegistry {
    address public immutable registrar;

    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id, address recovery);

    error Unauthorized();
    error HasId();

    constructor(address registrar_) {
        registrar = registrar_;
    }

    function register(address to, uint256 id) external {
        if (msg.sender != registrar) revert Unauthorized();
        if (idOf[to] != 0 || custodyOf[id] != address(0)) revert HasId();
        idOf[to] = id;
        custodyOf[id] = to;
        emit Register(to, id, address(0));
    }
}
