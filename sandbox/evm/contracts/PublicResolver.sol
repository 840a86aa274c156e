// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IEnsOwners {
    function owner(bytes32 node) external view returns (address);
    function isApprovedForAll(address holder, address operator) external view returns (bool);
}

/// The public resolver's profiles Portico reads — addr (ENSIP-1 and ENSIP-9 coin types), text (ENSIP-5)
/// and name (reverse records) — with their setters for the node's owner in the registry, their events
/// and ERC-165, written for the sandbox.
contract PublicResolver {
    uint256 private constant ETHEREUM = 60;

    address public immutable ens;
    mapping(bytes32 => mapping(uint256 => bytes)) private _addresses;
    mapping(bytes32 => mapping(string => string)) private _texts;
    mapping(bytes32 => string) private _names;

    event AddrChanged(bytes32 indexed node, address a);
    event AddressChanged(bytes32 indexed node, uint256 coinType, bytes newAddress);
    event TextChanged(bytes32 indexed node, string indexed indexedKey, string key, string value);
    event NameChanged(bytes32 indexed node, string name);

    modifier authorised(bytes32 node) {
        address holder = IEnsOwners(ens).owner(node);
        require(holder == msg.sender || IEnsOwners(ens).isApprovedForAll(holder, msg.sender), "Unauthorised");
        _;
    }

    constructor(address ens_) {
        ens = ens_;
    }

    function addr(bytes32 node) public view returns (address payable) {
        bytes memory raw = _addresses[node][ETHEREUM];
        if (raw.length == 0) return payable(address(0));
        return payable(address(bytes20(raw)));
    }

    function addr(bytes32 node, uint256 coinType) external view returns (bytes memory) {
        return _addresses[node][coinType];
    }

    function setAddr(bytes32 node, address a) external authorised(node) {
        _setAddr(node, ETHEREUM, abi.encodePacked(a));
        emit AddrChanged(node, a);
    }

    function setAddr(bytes32 node, uint256 coinType, bytes calldata a) external authorised(node) {
        _setAddr(node, coinType, a);
        if (coinType == ETHEREUM) emit AddrChanged(node, address(bytes20(a)));
    }

    function text(bytes32 node, string calldata key) external view returns (string memory) {
        return _texts[node][key];
    }

    function setText(bytes32 node, string calldata key, string calldata value) external authorised(node) {
        _texts[node][key] = value;
        emit TextChanged(node, key, key, value);
    }

    function name(bytes32 node) external view returns (string memory) {
        return _names[node];
    }

    function setName(bytes32 node, string calldata newName) external authorised(node) {
        _names[node] = newName;
        emit NameChanged(node, newName);
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x3b3b57de // addr(bytes32)
            || interfaceId == 0xf1cb7e06 // addr(bytes32,uint256)
            || interfaceId == 0x59d1d43c // text(bytes32,string)
            || interfaceId == 0x691f3431; // name(bytes32)
    }

    function _setAddr(bytes32 node, uint256 coinType, bytes memory a) private {
        _addresses[node][coinType] = a;
        emit AddressChanged(node, coinType, a);
    }
}
