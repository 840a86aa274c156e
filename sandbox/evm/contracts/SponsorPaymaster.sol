// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// ERC-4337 v0.7/v0.8's packed user operation, as the EntryPoint hands it to a paymaster.
struct PackedUserOperation {
    address sender;
    uint256 nonce;
    bytes initCode;
    bytes callData;
    bytes32 accountGasLimits;
    uint256 preVerificationGas;
    bytes32 gasFees;
    bytes paymasterAndData;
    bytes signature;
}

interface IEntryPointDeposits {
    function depositTo(address account) external payable;
    function withdrawTo(address payable withdrawAddress, uint256 withdrawAmount) external;
    function balanceOf(address account) external view returns (uint256);
}

/// A verifying paymaster, as sponsorship services run them: it pays for a user operation that its
/// signer approved off chain for a time window. paymasterAndData is the paymaster (20 bytes), its
/// verification and post-op gas limits (16 + 16), then validUntil and validAfter (6 + 6 bytes) and the
/// signer's 65-byte signature over `hashOf` (EIP-191). A bad signature fails validation (sigFailed), it
/// does not revert, so a bundler can tell the two apart. Nothing is read from storage during validation
/// (ERC-7562's rules for an unstaked paymaster).
contract SponsorPaymaster {
    uint256 private constant DATA_OFFSET = 52;
    uint256 private constant SIGNATURE_OFFSET = 64;

    address public immutable entryPoint;
    address public immutable owner;
    address public immutable signer;

    error NotEntryPoint(address caller);
    error NotOwner(address caller);
    error BadPaymasterData(uint256 length);

    constructor(address entryPoint_, address owner_, address signer_) {
        entryPoint = entryPoint_;
        owner = owner_;
        signer = signer_;
    }

    /// Funds the deposit the EntryPoint charges for sponsored operations.
    function deposit() external payable {
        IEntryPointDeposits(entryPoint).depositTo{value: msg.value}(address(this));
    }

    function getDeposit() external view returns (uint256) {
        return IEntryPointDeposits(entryPoint).balanceOf(address(this));
    }

    function withdrawTo(address payable to, uint256 amount) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        IEntryPointDeposits(entryPoint).withdrawTo(to, amount);
    }

    /// What the signer signs: every field of the operation but the paymaster's own data, bound to this
    /// chain, this paymaster and the window.
    function hashOf(PackedUserOperation calldata op, uint48 validUntil, uint48 validAfter) public view returns (bytes32) {
        return keccak256(
            abi.encode(
                op.sender,
                op.nonce,
                keccak256(op.initCode),
                keccak256(op.callData),
                op.accountGasLimits,
                bytes32(op.paymasterAndData[20:DATA_OFFSET]),
                op.preVerificationGas,
                op.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    function validatePaymasterUserOp(PackedUserOperation calldata op, bytes32, uint256)
        external
        view
        returns (bytes memory context, uint256 validationData)
    {
        if (msg.sender != entryPoint) revert NotEntryPoint(msg.sender);
        bytes calldata data = op.paymasterAndData;
        if (data.length != DATA_OFFSET + 12 + 65) revert BadPaymasterData(data.length);
        uint48 validUntil = uint48(bytes6(data[DATA_OFFSET:DATA_OFFSET + 6]));
        uint48 validAfter = uint48(bytes6(data[DATA_OFFSET + 6:SIGNATURE_OFFSET]));
        bytes32 digest = keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", hashOf(op, validUntil, validAfter)));
        bool valid = recover(digest, data[SIGNATURE_OFFSET:]) == signer;
        validationData = (valid ? 0 : 1) | (uint256(validUntil) << 160) | (uint256(validAfter) << 208);
        context = "";
    }

    function postOp(uint8, bytes calldata, uint256, uint256) external view {
        if (msg.sender != entryPoint) revert NotEntryPoint(msg.sender);
    }

    /// ecrecover of a 65-byte r, s, v signature; high-s and malformed signatures recover nobody.
    function recover(bytes32 digest, bytes calldata signature) private pure returns (address) {
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        return ecrecover(digest, v, r, s);
    }
}
