// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal contract account for the sandbox: one owner key, and ERC-1271 signature checks, so a
/// dapp's sign-in can be tried with an account that is code rather than a key.
contract SmartAccount {
    bytes4 private constant MAGIC = 0x1626ba7e;
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// ERC-1271: the hash was signed by the owner (a 65-byte r, s, v signature, low s).
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return 0xffffffff;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC : bytes4(0xffffffff);
    }
}

/// Deploys SmartAccounts at CREATE2 addresses known before deployment: what ERC-6492 signatures of
/// not-yet-deployed accounts name as their factory.
contract SmartAccountFactory {
    function deploy(address owner, bytes32 salt) external returns (SmartAccount account) {
        account = new SmartAccount{salt: salt}(owner);
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(SmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }
}
