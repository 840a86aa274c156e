// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20TransferFrom {
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// ERC-7715's `erc20-token-periodic` permission, enforced on chain for accounts without a module system
/// (Simple7702Account). An account registers a permission for a spender (a site's session key) and approves
/// the token to this contract; the spender then moves at most `periodAmount` per period, inside the
/// permission's window, until the account revokes it. Written for Portico from the ERC text; no owner, no
/// upgrade, nothing held: the tokens stay in the account until a spend moves them.
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
