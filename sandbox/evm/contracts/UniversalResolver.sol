// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IEnsResolvers {
    function resolver(bytes32 node) external view returns (address);
}

interface INameResolver {
    function name(bytes32 node) external view returns (string memory);
    function addr(bytes32 node) external view returns (address payable);
}

/// ENS's Universal Resolver interface as viem's ENS actions call it — resolveWithGateways / resolve for
/// forward records, reverseWithGateways / reverse for primary names checked forward, findResolver — with
/// its errors, written for the sandbox. Resolvers are found by walking up the name (ENSIP-10); records are
/// read on chain (no offchain lookups, so the gateways are not used).
contract UniversalResolver {
    uint256 private constant ETHEREUM = 60;

    address public immutable registry;

    error DNSDecodingFailed(bytes dns);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error UnsupportedResolverProfile(bytes4 selector);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);

    constructor(address registry_) {
        registry = registry_;
    }

    function resolve(bytes calldata name, bytes calldata data) public view returns (bytes memory, address) {
        (address found,, uint256 offset) = findResolver(name);
        // Only an exact match: the sandbox's resolvers are not wildcard (ENSIP-10 extended) resolvers.
        if (found == address(0) || offset != 0) revert ResolverNotFound(name);
        if (found.code.length == 0) revert ResolverNotContract(name, found);
        (bool ok, bytes memory answer) = found.staticcall(data);
        if (!ok) revert ResolverError(answer);
        if (answer.length == 0) revert UnsupportedResolverProfile(bytes4(data[:4]));
        return (answer, found);
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata) external view returns (bytes memory, address) {
        return resolve(name, data);
    }

    /// The resolver of the name or of its nearest ancestor that has one, the name's node, and the offset
    /// in `name` of the label where the resolver was found.
    function findResolver(bytes calldata name) public view returns (address, bytes32, uint256) {
        uint256[] memory starts = _labelStarts(name);
        bytes32[] memory nodes = new bytes32[](starts.length + 1);
        for (uint256 i = starts.length; i > 0; i--) {
            uint256 start = starts[i - 1];
            uint256 length = uint8(name[start]);
            nodes[i - 1] = keccak256(abi.encodePacked(nodes[i], keccak256(name[start + 1:start + 1 + length])));
        }
        for (uint256 i = 0; i < starts.length; i++) {
            address found = IEnsResolvers(registry).resolver(nodes[i]);
            if (found != address(0)) return (found, nodes[0], starts[i]);
        }
        return (address(0), nodes[0], 0);
    }

    function reverse(bytes calldata lookupAddress, uint256 coinType) public view returns (string memory primary, address resolver, address reverseResolver) {
        if (coinType != ETHEREUM || lookupAddress.length != 20) return ("", address(0), address(0));
        bytes32 reverseNode = keccak256(abi.encodePacked(_addrReverseNode(), keccak256(_hexLabel(lookupAddress))));
        reverseResolver = IEnsResolvers(registry).resolver(reverseNode);
        if (reverseResolver == address(0)) return ("", address(0), address(0));
        primary = INameResolver(reverseResolver).name(reverseNode);
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);
        bytes32 node = _namehash(primary);
        resolver = IEnsResolvers(registry).resolver(node);
        if (resolver == address(0)) revert ResolverNotFound(bytes(primary));
        address forward = INameResolver(resolver).addr(node);
        if (forward != address(bytes20(lookupAddress))) revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory, address, address)
    {
        return reverse(lookupAddress, coinType);
    }

    /// Where each label of a DNS-encoded name starts; the name must end with its zero-length root label.
    function _labelStarts(bytes calldata name) private pure returns (uint256[] memory starts) {
        uint256 count = 0;
        uint256 offset = 0;
        while (true) {
            if (offset >= name.length) revert DNSDecodingFailed(name);
            uint256 length = uint8(name[offset]);
            if (length == 0) break;
            count++;
            offset += length + 1;
        }
        if (offset != name.length - 1) revert DNSDecodingFailed(name);
        starts = new uint256[](count);
        offset = 0;
        for (uint256 i = 0; i < count; i++) {
            starts[i] = offset;
            offset += uint8(name[offset]) + 1;
        }
    }

    function _namehash(string memory dotted) private pure returns (bytes32 node) {
        bytes memory raw = bytes(dotted);
        uint256 end = raw.length;
        for (uint256 i = raw.length; i > 0; i--) {
            if (raw[i - 1] == ".") {
                node = keccak256(abi.encodePacked(node, _labelHash(raw, i, end)));
                end = i - 1;
            }
        }
        node = keccak256(abi.encodePacked(node, _labelHash(raw, 0, end)));
    }

    function _labelHash(bytes memory raw, uint256 start, uint256 end) private pure returns (bytes32) {
        bytes memory label = new bytes(end - start);
        for (uint256 i = start; i < end; i++) label[i - start] = raw[i];
        return keccak256(label);
    }

    function _addrReverseNode() private pure returns (bytes32) {
        bytes32 reverseTld = keccak256(abi.encodePacked(bytes32(0), keccak256("reverse")));
        return keccak256(abi.encodePacked(reverseTld, keccak256("addr")));
    }

    function _hexLabel(bytes calldata raw) private pure returns (bytes memory label) {
        bytes16 digits = "0123456789abcdef";
        label = new bytes(raw.length * 2);
        for (uint256 i = 0; i < raw.length; i++) {
            label[2 * i] = digits[uint8(raw[i]) >> 4];
            label[2 * i + 1] = digits[uint8(raw[i]) & 0x0f];
        }
    }
}
