import { describe, expect, it } from "vitest"
import { recoverMessageAddress, recoverTypedDataAddress, stringToHex, type Hex } from "viem"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import { createEvmProvider, type EvmWalletOptions } from "../../sandbox/wallets/EvmWallet.ts"
import { answering, rejection } from "../support/demoWallet.ts"

// Hardhat's first default account: public test key, as the sandbox uses.
const { privateKey, address } = accountAt(0)
// Nothing listens here: tests of consent and signing never reach a node.
const chains = [
  { chainId: 31337, name: "Portico Local", rpcUrl: "http://127.0.0.1:9/" },
  { chainId: 31338, name: "Portico Local 2", rpcUrl: "http://127.0.0.1:9/" }
]

const setup = (answers: ReadonlyArray<boolean>, options: Partial<EvmWalletOptions> = {}) => {
  const { approve, asked } = answering(answers)
  const provider = createEvmProvider({ privateKey, chains, origin: "http://127.0.0.1:5173", approve, ...options })
  return { provider, asked }
}

describe("EVM demo wallet (EIP-1193)", () => {
  it("shows the account only after the person approves the connection", async () => {
    const { provider, asked } = setup([true])
    const events: Array<unknown> = []
    provider.on("accountsChanged", (accounts) => events.push(accounts))
    expect(await provider.request({ method: "eth_accounts" })).toEqual([])
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([address])
    expect(await provider.request({ method: "eth_accounts" })).toEqual([address])
    expect(asked).toHaveLength(1)
    expect(asked[0]?.title).toBe("Connect to this site")
    expect(asked[0]?.details).toContain("Site: http://127.0.0.1:5173")
    expect(events).toEqual([[address]])
    // Already connected: no second prompt.
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([address])
    expect(asked).toHaveLength(1)
  })

  it("rejecting the connection gives 4001 and keeps the account hidden", async () => {
    const { provider } = setup([false])
    expect(await rejection(provider.request({ method: "eth_requestAccounts" }))).toEqual({
      code: 4001,
      message: "User rejected the request."
    })
    expect(await provider.request({ method: "eth_accounts" })).toEqual([])
  })

  it("refuses to sign for a site that is not connected (4100)", async () => {
    const { provider, asked } = setup([])
    const error = await rejection(provider.request({ method: "personal_sign", params: [stringToHex("hi"), address] }))
    expect(error.code).toBe(4100)
    expect(asked).toHaveLength(0)
  })

  it("refuses a malformed or foreign signer address with 4100, without asking", async () => {
    const { provider, asked } = setup([true])
    await provider.request({ method: "eth_requestAccounts" })
    for (const signer of ["0x1234", "0x", "0x0000000000000000000000000000000000000001"]) {
      const error = await rejection(provider.request({ method: "personal_sign", params: [stringToHex("hi"), signer] }))
      expect(error.code).toBe(4100)
    }
    expect(asked).toHaveLength(1)
  })

  it("personal_sign: approved signatures recover to the demo account, rejected ones give 4001", async () => {
    const { provider, asked } = setup([true, true, false])
    await provider.request({ method: "eth_requestAccounts" })
    const message = stringToHex("Sign in to Portico")
    const signature = (await provider.request({ method: "personal_sign", params: [message, address] })) as Hex
    expect(await recoverMessageAddress({ message: { raw: message }, signature })).toBe(address)
    expect(asked[1]?.details).toContain("Message: Sign in to Portico")
    expect((await rejection(provider.request({ method: "personal_sign", params: [message, address] }))).code).toBe(4001)
  })

  it("eth_signTypedData_v4 signs the EIP-712 data the site sent", async () => {
    const { provider } = setup([true, true])
    await provider.request({ method: "eth_requestAccounts" })
    const typedData = {
      domain: { name: "Portico", version: "1", chainId: 31337, verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC" },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" }
        ],
        Mail: [{ name: "from", type: "address" }, { name: "contents", type: "string" }]
      },
      primaryType: "Mail",
      message: { from: address, contents: "Hello" }
    } as const
    const signature = (await provider.request({
      method: "eth_signTypedData_v4",
      params: [address, JSON.stringify(typedData)]
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await recoverTypedDataAddress({ ...typedData, types, signature })).toBe(address)
  })

  it("with a second account: exposes both, its selected one first, signs for whichever the site names, and tells the site when the person selects another", async () => {
    const other = accountAt(1)
    const { provider, asked } = setup([true, true, true], { otherKeys: [other.privateKey] })
    const events: Array<unknown> = []
    provider.on("accountsChanged", (accounts) => events.push(accounts))
    expect(await provider.request({ method: "eth_requestAccounts" })).toEqual([address, other.address])
    expect(asked[0]?.details).toEqual(expect.arrayContaining([`Account: ${address}`, `Account: ${other.address}`]))
    const message = stringToHex("hi")
    const signature = (await provider.request({ method: "personal_sign", params: [message, other.address.toLowerCase()] })) as Hex
    expect(await recoverMessageAddress({ message: { raw: message }, signature })).toBe(other.address)
    expect(asked[1]?.details).toContain(`Account: ${other.address}`)
    provider.selectAccount(other.address)
    expect(await provider.request({ method: "eth_accounts" })).toEqual([other.address, address])
    expect(events).toEqual([[address, other.address], [other.address, address]])
    // Selecting an account it does not hold, or the selected one again, changes nothing.
    provider.selectAccount(accountAt(2).address)
    provider.selectAccount(other.address)
    expect(events).toHaveLength(2)
    const own = (await provider.request({ method: "personal_sign", params: [message, address] })) as Hex
    expect(await recoverMessageAddress({ message: { raw: message }, signature: own })).toBe(address)
    expect((await rejection(provider.request({ method: "personal_sign", params: [message, accountAt(2).address] }))).code).toBe(4100)
  })

  it("switches between known chains and answers 4902 for unknown ones", async () => {
    const { provider } = setup([])
    const changes: Array<unknown> = []
    provider.on("chainChanged", (chainId) => changes.push(chainId))
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x7a69")
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x7a6a" }] })
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x7a6a")
    expect(changes).toEqual(["0x7a6a"])
    expect((await rejection(provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x1" }] }))).code).toBe(4902)
  })

  it("wallet_addEthereumChain asks, then adds and switches; a rejection leaves the chain unknown", async () => {
    const { provider, asked } = setup([false, true])
    const add = { chainId: "0x2105", chainName: "Base", rpcUrls: ["http://127.0.0.1:9/"] }
    expect((await rejection(provider.request({ method: "wallet_addEthereumChain", params: [add] }))).code).toBe(4001)
    expect((await rejection(provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x2105" }] }))).code).toBe(4902)
    await provider.request({ method: "wallet_addEthereumChain", params: [add] })
    expect(await provider.request({ method: "eth_chainId" })).toBe("0x2105")
    expect(asked.map((request) => request.title)).toEqual(["Add a network", "Add a network"])
  })

  it("validates params (-32602) and refuses unknown methods (4200)", async () => {
    const { provider } = setup([true])
    expect((await rejection(provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: 1 }] }))).code).toBe(-32602)
    expect((await rejection(provider.request({ method: "eth_sign", params: [] }))).code).toBe(4200)
    await provider.request({ method: "eth_requestAccounts" })
    expect((await rejection(provider.request({ method: "eth_signTypedData_v4", params: [address, "{not json"] }))).code).toBe(-32602)
  })

  it("EIP-5792: atomic bundles on every known chain, malformed calls refused, unknown ids (5730)", async () => {
    const { provider } = setup([true])
    expect((await rejection(provider.request({ method: "wallet_getCapabilities", params: [address] }))).code).toBe(4100)
    await provider.request({ method: "eth_requestAccounts" })
    expect(await provider.request({ method: "wallet_getCapabilities", params: [address] })).toEqual({
      "0x7a69": { atomic: { status: "supported" } },
      "0x7a6a": { atomic: { status: "supported" } }
    })
    expect((await rejection(provider.request({
      method: "wallet_sendCalls",
      params: [{ version: "2.0.0", chainId: "0x7a69", from: address, atomicRequired: false, calls: [{ data: "0x" }] }]
    }))).code).toBe(-32602)
    expect((await rejection(provider.request({ method: "wallet_getCallsStatus", params: ["0x01"] }))).code).toBe(5730)
  })

  it("wallet_revokePermissions disconnects: accountsChanged [] then disconnect 4900", async () => {
    const { provider } = setup([true])
    const events: Array<unknown> = []
    provider.on("accountsChanged", (accounts) => events.push(accounts))
    provider.on("disconnect", (error) => events.push((error as { code: number }).code))
    await provider.request({ method: "eth_requestAccounts" })
    await provider.request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] })
    expect(await provider.request({ method: "eth_accounts" })).toEqual([])
    expect(events).toEqual([[address], [], 4900])
  })
})
