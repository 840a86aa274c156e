import * as fc from "fast-check"
import { assert, describe, it } from "vitest"
import * as RpcPolicy from "../../../core/embedded/RpcPolicy.ts"
import { isForwarded } from "../../../core/rpc/ForwardedMethods.ts"

const namespaces = ["eip155", "solana"] as const

describe("RpcPolicy", () => {
  it("classes the spec's approval methods as needing approval", () => {
    for (const method of ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_sendCalls", "wallet_grantPermissions", "wallet_revokePermissions", "eth_sendUserOperation"]) {
      assert.strictEqual(RpcPolicy.classify("eip155", method), "approval", method)
    }
    for (const method of ["solana_signMessage", "solana_signTransaction", "solana_signAndSendTransaction", "solana_signAllTransactions"]) {
      assert.strictEqual(RpcPolicy.classify("solana", method), "approval", method)
    }
  })

  it("asks the visitor before granting or revoking an ERC-7715 permission, and answers what it supports and granted itself", () => {
    for (const method of ["wallet_requestExecutionPermissions", "wallet_revokeExecutionPermission"]) {
      assert.strictEqual(RpcPolicy.classify("eip155", method), "approval", method)
    }
    for (const method of ["wallet_getSupportedExecutionPermissions", "wallet_getGrantedExecutionPermissions"]) {
      assert.strictEqual(RpcPolicy.classify("eip155", method), "safe", method)
      assert.isTrue(RpcPolicy.answeredByWallet.has(method), method)
    }
  })

  it("answers reads and the raw transaction broadcast at once", () => {
    for (const method of ["eth_accounts", "eth_chainId", "eth_getBalance", "eth_blockNumber", "eth_call", "eth_estimateGas", "eth_getTransactionReceipt", "eth_getLogs", "wallet_getCapabilities", "wallet_getAssets", "eth_sendRawTransaction"]) {
      assert.strictEqual(RpcPolicy.classify("eip155", method), "safe", method)
    }
    for (const method of ["getBalance", "getLatestBlockhash", "simulateTransaction", "getSignatureStatuses", "sendTransaction"]) {
      assert.strictEqual(RpcPolicy.classify("solana", method), "safe", method)
    }
  })

  it("disallows signing without a transaction to show, node administration and other namespaces", () => {
    for (const method of ["eth_sign", "eth_signTransaction", "eth_signTypedData", "eth_signTypedData_v3", "wallet_addEthereumChain", "debug_traceTransaction", "admin_peers", "hardhat_setBalance"]) {
      assert.strictEqual(RpcPolicy.classify("eip155", method), "disallowed", method)
    }
    // A Solana signing method on an EVM network, and the other way round.
    assert.strictEqual(RpcPolicy.classify("eip155", "solana_signMessage"), "disallowed")
    assert.strictEqual(RpcPolicy.classify("solana", "personal_sign"), "disallowed")
    assert.strictEqual(RpcPolicy.classify("bip122", "getBalance"), "disallowed")
  })

  it("no method is both safe and needing approval", () => {
    for (const namespace of namespaces) {
      const both = [...RpcPolicy.safeMethods[namespace]].filter((method) => RpcPolicy.approvalMethods[namespace].has(method))
      assert.deepStrictEqual(both, [])
    }
  })

  it("every safe call the wallet does not answer itself is one our chain RPC endpoint forwards", () => {
    for (const namespace of namespaces) {
      const unforwarded = [...RpcPolicy.safeMethods[namespace]].filter((method) => !RpcPolicy.answeredByWallet.has(method) && !isForwarded(namespace, method))
      assert.deepStrictEqual(unforwarded, [])
    }
  })

  it("only listed methods are ever anything but disallowed", () => {
    fc.assert(fc.property(fc.constantFrom("eip155", "solana", "cosmos", ""), fc.string({ maxLength: 40 }), (namespace, method) => {
      const listed = (namespace === "eip155" || namespace === "solana") &&
        (RpcPolicy.safeMethods[namespace].has(method) || RpcPolicy.approvalMethods[namespace].has(method))
      assert.strictEqual(RpcPolicy.classify(namespace, method) !== "disallowed", listed)
    }))
  })
})
