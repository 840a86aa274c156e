import { assert, describe, expect, it } from "@effect/vitest"
import * as RpcCode from "../../core/RpcCode.ts"

describe("RpcCode table", () => {
  it("holds every code of the spec, once", () => {
    const codes = RpcCode.entries.map((entry) => entry.code)
    assert.strictEqual(new Set(codes).size, codes.length)
    assert.sameMembers(codes, [
      -32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32006,
      4001, 4100, 4200, 4900, 4901, 4902,
      5700, 5710, 5720, 5730, 5740, 5750, 5760,
      5000, 32603
    ])
  })

  it("names codes as the spec does", () => {
    assert.strictEqual(RpcCode.lookup(-32700)?.name, "Parse error")
    assert.strictEqual(RpcCode.lookup(-32005)?.name, "Limit exceeded")
    assert.strictEqual(RpcCode.lookup(4001)?.key, "UserRejectedRequest")
    assert.strictEqual(RpcCode.lookup(4902)?.name, "Unrecognized chain id")
    assert.strictEqual(RpcCode.lookup(5000)?.name, "Default error")
    assert.strictEqual(RpcCode.lookup(32603)?.name, "Invalid chain id")
    assert.strictEqual(RpcCode.lookup(5760)?.standard, "EIP-5792")
    assert.isUndefined(RpcCode.lookup(1))
  })

  it("snapshot of the table", () => {
    assert.isNotEmpty(RpcCode.entries)
    expect(RpcCode.entries.map(({ code, key, name, standard }) => `${code} ${key} (${standard}): ${name}`))
      .toMatchSnapshot()
  })
})
