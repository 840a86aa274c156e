// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// ERC20 moves that accept tokens returning nothing (the USDT ABI) as well as a bool.
library TokenTransfers {
    error TransferFailed(address token);

    function send(address token, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSignature("transfer(address,uint256)", to, amount));
    }

    function pull(address token, address from, address to, uint256 amount) internal {
        _call(token, abi.encodeWithSignature("transferFrom(address,address,uint256)", from, to, amount));
    }

    function balanceOf(address token, address owner) internal view returns (uint256) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeWithSignature("balanceOf(address)", owner));
        if (!ok || data.length < 32) revert TransferFailed(token);
        return abi.decode(data, (uint256));
    }

    function sendEther(address to, uint256 amount) internal {
        (bool sent,) = to.call{value: amount}("");
        if (!sent) revert TransferFailed(address(0));
    }

    function _call(address token, bytes memory data) private {
        (bool ok, bytes memory answer) = token.call(data);
        if (!ok || (answer.length != 0 && !abi.decode(answer, (bool)))) revert TransferFailed(token);
    }
}
