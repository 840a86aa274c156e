// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The ENS registry's interface (owner, resolver and ttl per node, subnode records, operators, and the
/// NewOwner / Transfer / NewResolver / NewTTL / ApprovalForAll events), written for the sandbox. The
/// root belongs to `rootOwner` until it is given away, so the registry works from runtime code alone.
contract EnsRegistry {
    struct Record {
        address owner;
        address resolver;
        uint64 ttl;
    }

    address private immutable _rootOwner;
    mapping(bytes32 => Record) private _records;
    mapping(bytes32 => bool) private _rootMoved;
    mapping(address => mapping(address => bool)) private _operators;

    event NewOwner(bytes32 indexed node, bytes32 indexed label, address owner);
    event Transfer(bytes32 indexed node, address owner);
    event NewResolver(bytes32 indexed node, address resolver);
    event NewTTL(bytes32 indexed node, uint64 ttl);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    modifier authorised(bytes32 node) {
        address holder = owner(node);
        require(holder == msg.sender || _operators[holder][msg.sender]);
        _;
    }

    constructor(address rootOwner_) {
        _rootOwner = rootOwner_;
    }

    function owner(bytes32 node) public view returns (address) {
        if (node == bytes32(0) && !_rootMoved[node]) return _rootOwner;
        address holder = _records[node].owner;
        return holder == address(this) ? address(0) : holder;
    }

    function resolver(bytes32 node) external view returns (address) {
        return _records[node].resolver;
    }

    function ttl(bytes32 node) external view returns (uint64) {
        return _records[node].ttl;
    }

    function recordExists(bytes32 node) external view returns (bool) {
        return owner(node) != address(0);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return _operators[holder][operator];
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operators[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function setOwner(bytes32 node, address holder) public authorised(node) {
        _setOwner(node, holder);
        emit Transfer(node, holder);
    }

    function setSubnodeOwner(bytes32 node, bytes32 label, address holder) public authorised(node) returns (bytes32 subnode) {
        subnode = keccak256(abi.encodePacked(node, label));
        _setOwner(subnode, holder);
        emit NewOwner(node, label, holder);
    }

    function setResolver(bytes32 node, address resolver_) public authorised(node) {
        _records[node].resolver = resolver_;
        emit NewResolver(node, resolver_);
    }

    function setTTL(bytes32 node, uint64 ttl_) public authorised(node) {
        _records[node].ttl = ttl_;
        emit NewTTL(node, ttl_);
    }

    function setRecord(bytes32 node, address holder, address resolver_, uint64 ttl_) external {
        setOwner(node, holder);
        _setResolverAndTtl(node, resolver_, ttl_);
    }

    function setSubnodeRecord(bytes32 node, bytes32 label, address holder, address resolver_, uint64 ttl_) external {
        bytes32 subnode = setSubnodeOwner(node, label, holder);
        _setResolverAndTtl(subnode, resolver_, ttl_);
    }

    function _setOwner(bytes32 node, address holder) private {
        if (node == bytes32(0)) _rootMoved[node] = true;
        _records[node].owner = holder;
    }

    function _setResolverAndTtl(bytes32 node, address resolver_, uint64 ttl_) private {
        if (resolver_ != _records[node].resolver) {
            _records[node].resolver = resolver_;
            emit NewResolver(node, resolver_);
        }
        if (ttl_ != _records[node].ttl) {
            _records[node].ttl = ttl_;
            emit NewTTL(node, ttl_);
        }
    }
}
