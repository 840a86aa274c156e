// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20TransferFrom {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// ERC-7715's `erc20-token-periodic` permission, enforced on chain for accounts without a module system
/// (Simple7702Account). An account registers a permission for a spender (a site's session key) and approves
/// the token to this contract; the spender then moves at most `periodAmount` per period, inside the
/// permission's window, until the account revokes it. Written for Portico from the ERC text; no owner, no
/// upgrade, nothing held: the tokens stay in the account until a spend moves them. An account may also
/// revoke by signing EIP-712's `RevokePermission` (ECDSA for a key or an EIP-7702 account, ERC-1271 for a
/// contract) and letting anyone submit it, so that ending a permission costs the visitor no gas.
contract SpendPermissions {
    struct Permission {
        address spender;
        address token;
        uint256 periodAmount;
        uint64 periodDuration;
        uint64 start;
        uint64 end;
        bool revoked;
    }

    struct Usage {
        uint64 period;
        uint256 spent;
    }

    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant REVOKE_TYPEHASH = keccak256("RevokePermission(address account,bytes32 id,uint256 deadline)");
    bytes4 private constant ERC1271_MAGIC = 0x1626ba7e;
    /// secp256k1's n / 2: a larger s is the malleable twin of a valid signature (EIP-2).
    uint256 private constant HALF_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    mapping(address account => mapping(bytes32 id => Permission)) private _permissions;
    mapping(address account => mapping(bytes32 id => Usage)) private _usage;

    event PermissionRegistered(
        address indexed account,
        bytes32 indexed id,
        address indexed spender,
        address token,
        uint256 periodAmount,
        uint64 periodDuration,
        uint64 start,
        uint64 end
    );
    event PermissionRevoked(address indexed account, bytes32 indexed id);
    event Spent(address indexed account, bytes32 indexed id, address to, uint256 amount);

    error PermissionExists(address account, bytes32 id);
    error InvalidPermission();
    error UnknownPermission(address account, bytes32 id);
    error PermissionIsRevoked(address account, bytes32 id);
    error NotSpender(address caller);
    error OutsideWindow(uint256 time, uint64 start, uint64 end);
    error OverPeriodAllowance(uint256 amount, uint256 left);
    error TransferFailed();
    error SignatureExpired(uint256 deadline);
    error InvalidSignature();

    /// Registers a permission of the calling account under an id of its choice (never reused, even once revoked).
    function register(
        bytes32 id,
        address spender,
        address token,
        uint256 periodAmount,
        uint64 periodDuration,
        uint64 start,
        uint64 end
    ) external {
        if (_permissions[msg.sender][id].spender != address(0)) revert PermissionExists(msg.sender, id);
        if (spender == address(0) || token == address(0) || periodAmount == 0 || periodDuration == 0 || end <= start) {
            revert InvalidPermission();
        }
        _permissions[msg.sender][id] = Permission(spender, token, periodAmount, periodDuration, start, end, false);
        emit PermissionRegistered(msg.sender, id, spender, token, periodAmount, periodDuration, start, end);
    }

    /// Ends a permission of the calling account for good.
    function revoke(bytes32 id) external {
        Permission storage permission = _permissions[msg.sender][id];
        if (permission.spender == address(0)) revert UnknownPermission(msg.sender, id);
        permission.revoked = true;
        emit PermissionRevoked(msg.sender, id);
    }

    /// Ends `account`'s permission `id` for good on the account's EIP-712 signature, sent by anyone before
    /// `deadline`. A signature revokes one permission once: ids are never reused, and a revoked one refuses it.
    function revokeWithSignature(address account, bytes32 id, uint256 deadline, bytes calldata signature) external {
        if (block.timestamp > deadline) revert SignatureExpired(deadline);
        Permission storage permission = _permissions[account][id];
        if (permission.spender == address(0)) revert UnknownPermission(account, id);
        if (permission.revoked) revert PermissionIsRevoked(account, id);
        if (!_signedBy(account, revocationDigest(account, id, deadline), signature)) revert InvalidSignature();
        permission.revoked = true;
        emit PermissionRevoked(account, id);
    }

    /// The EIP-712 digest an account signs to revoke `id` until `deadline`, under this contract's domain.
    function revocationDigest(address account, bytes32 id, uint256 deadline) public view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("SpendPermissions"), keccak256("1"), block.chainid, address(this))
        );
        return keccak256(abi.encodePacked("\x19\x01", domain, keccak256(abi.encode(REVOKE_TYPEHASH, account, id, deadline))));
    }

    /// The account's key signed `digest` (65 bytes, low s), or the account's code says so through ERC-1271.
    function _signedBy(address account, bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signature.length == 65) {
            bytes32 r = bytes32(signature[0:32]);
            bytes32 s = bytes32(signature[32:64]);
            uint8 v = uint8(signature[64]);
            if (uint256(s) <= HALF_ORDER && (v == 27 || v == 28)) {
                address signer = ecrecover(digest, v, r, s);
                if (signer != address(0) && signer == account) return true;
            }
        }
        if (account.code.length == 0) return false;
        (bool ok, bytes memory answer) =
            account.staticcall(abi.encodeWithSelector(ERC1271_MAGIC, digest, signature));
        return ok && answer.length == 32 && abi.decode(answer, (bytes4)) == ERC1271_MAGIC;
    }

    /// Moves `amount` of the permission's token from `account` to `to`, as the permission's spender.
    function spend(address account, bytes32 id, address to, uint256 amount) external {
        Permission memory permission = _permissions[account][id];
        if (permission.spender == address(0)) revert UnknownPermission(account, id);
        if (permission.revoked) revert PermissionIsRevoked(account, id);
        if (msg.sender != permission.spender) revert NotSpender(msg.sender);
        if (block.timestamp < permission.start || block.timestamp >= permission.end) {
            revert OutsideWindow(block.timestamp, permission.start, permission.end);
        }
        uint64 period = uint64((block.timestamp - permission.start) / permission.periodDuration);
        Usage storage usage = _usage[account][id];
        uint256 spent = usage.period == period ? usage.spent : 0;
        uint256 left = permission.periodAmount - spent;
        if (amount > left) revert OverPeriodAllowance(amount, left);
        usage.period = period;
        usage.spent = spent + amount;
        emit Spent(account, id, to, amount);
        if (!IERC20TransferFrom(permission.token).transferFrom(account, to, amount)) revert TransferFailed();
    }

    function permissionOf(address account, bytes32 id) external view returns (Permission memory) {
        return _permissions[account][id];
    }

    /// What the spender may still move in the current period (0 outside the window or once revoked).
    function remaining(address account, bytes32 id) external view returns (uint256) {
        Permission memory permission = _permissions[account][id];
        if (permission.spender == address(0) || permission.revoked) return 0;
        if (block.timestamp < permission.start || block.timestamp >= permission.end) return 0;
        uint64 period = uint64((block.timestamp - permission.start) / permission.periodDuration);
        Usage memory usage = _usage[account][id];
        return permission.periodAmount - (usage.period == period ? usage.spent : 0);
    }
}
