// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Text of at most 32 bytes kept in an immutable: contracts placed at a real chain's address get only
/// their runtime code (no constructor runs there), so what they answer must live in that code.
library ShortText {
    error TooLong(uint256 length);

    function pack(string memory text) internal pure returns (bytes32 packed) {
        bytes memory raw = bytes(text);
        if (raw.length > 32) revert TooLong(raw.length);
        assembly {
            packed := mload(add(raw, 32))
        }
        // Keep only the text's bytes, and its length in the last byte when it fits, so unpack needs nothing else.
        if (raw.length < 32) packed = (packed & ~bytes32(type(uint256).max >> (raw.length * 8))) | bytes32(raw.length);
    }

    function unpack(bytes32 packed) internal pure returns (string memory text) {
        uint256 length = uint256(packed) & 0xff;
        if (length > 31) length = 32;
        bytes memory raw = new bytes(length);
        for (uint256 i = 0; i < length; i++) raw[i] = packed[i];
        text = string(raw);
    }
}
