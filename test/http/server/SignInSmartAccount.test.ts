/**
 * Sign-in with contract accounts, verified through the chain (sandbox devnet): an ERC-1271 account
 * already deployed, an ERC-6492 signature of an account its factory has not deployed yet, and an EOA
 * delegated to Simple7702Account by EIP-7702 (code at its address, yet it signs as itself). Without
 * the chain, or with another key's signature, the contract cases fail closed. One-Click Auth's CACAOs
 * (WalletConnect) verify the same way once the dapp rebuilt their message; a forged one is refused.
 */
import { createPublicClient, createWalletClient, defineChain, encodeFunctionData, http, serializeErc6492Signature, type Address, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import * as Effect from "effect/Effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Recap from "../../../core/signin/Recap.ts"
import * as SignInMessage from "../../../core/signin/SignInMessage.ts"
import * as Cacaos from "../../../core/walletconnect/Cacaos.ts"
import type * as Protocol from "../../../core/walletconnect/Protocol.ts"
import { simple7702AccountAddress } from "../../../sandbox/evm/AccountAbstraction.ts"
import { compileContracts } from "../../../sandbox/evm/Compile.ts"
import { demoAccounts } from "../../../sandbox/evm/DemoAccounts.ts"
import { startEvmDevnets, type EvmDevnets } from "../../../sandbox/evm/EvmDevnet.ts"
import { createMemoryNonces, verifySignIn } from "../../../http/server/SignInVerifier.ts"
import * as SignInSignatures from "../../../http/server/SignInSignatures.ts"

const owner = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba")
const delegated = privateKeyToAccount("0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318")
const stranger = privateKeyToAccount("0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e")
const chainId = "eip155:31337"

let evm: EvmDevnets
let rpcUrl: string
let factory: Address
let deployed: Address
let counterfactual: Address
let deployCalldata: Hex

beforeAll(async () => {
  evm = await startEvmDevnets({ ports: [0, 0] })
  rpcUrl = evm.chains[0]?.rpcUrl ?? ""
  const chain = defineChain({ id: 31337, name: "Portico Local", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } })
  const funded = privateKeyToAccount(demoAccounts[7]?.privateKey ?? "0x")
  const wallet = createWalletClient({ account: funded, chain, transport: http(rpcUrl) })
  const client = createPublicClient({ chain, transport: http(rpcUrl) })
  const { SmartAccountFactory } = await compileContracts()
  const created = await client.waitForTransactionReceipt({ hash: await wallet.deployContract({ abi: SmartAccountFactory.abi, bytecode: SmartAccountFactory.bytecode }) })
  factory = created.contractAddress ?? "0x"
  const read = (salt: Hex) => client.readContract({ address: factory, abi: SmartAccountFactory.abi, functionName: "addressOf", args: [owner.address, salt] }) as Promise<Address>
  const saltDeployed = `0x${"01".padStart(64, "0")}` as Hex
  const saltLater = `0x${"02".padStart(64, "0")}` as Hex
  await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({ address: factory, abi: SmartAccountFactory.abi, functionName: "deploy", args: [owner.address, saltDeployed] })
  })
  deployed = await read(saltDeployed)
  counterfactual = await read(saltLater)
  deployCalldata = encodeFunctionData({ abi: SmartAccountFactory.abi, functionName: "deploy", args: [owner.address, saltLater] })
  // An EIP-7702 type-4 transaction (sent by the funded account) delegates the EOA to Simple7702Account.
  const authorization = await delegated.signAuthorization({
    chainId: 31337,
    nonce: await client.getTransactionCount({ address: delegated.address }),
    contractAddress: simple7702AccountAddress
  })
  await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ authorizationList: [authorization], to: delegated.address, data: "0x" }) })
}, 120_000)
afterAll(() => evm?.stop())

const messageFor = (address: Address, nonce: string) =>
  SignInMessage.format({
    domain: "app.example.com",
    accountAddress: address,
    chainId,
    uri: "https://app.example.com",
    version: "1",
    nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(Date.now() + 600_000).toISOString()
  })

const check = (options: SignInSignatures.SignatureOptions, address: Address, message: string, signature: Hex) =>
  Effect.runPromise(SignInSignatures.make(options).verify({ chainId, address, message, signature }))

describe("contract-account sign-in", () => {
  it("verifies an ERC-1271 account's signature through the chain, and refuses another key's", async () => {
    const message = messageFor(deployed, "nonce1271a")
    expect(await check({ rpcUrls: { [chainId]: rpcUrl } }, deployed, message, await owner.signMessage({ message }))).toBe(true)
    expect(await check({ rpcUrls: { [chainId]: rpcUrl } }, deployed, message, await stranger.signMessage({ message }))).toBe(false)
    // Without the chain nothing proves a contract's signature.
    expect(await check({}, deployed, message, await owner.signMessage({ message }))).toBe(false)
  })

  it("verifies an ERC-6492 signature of an account not deployed yet, and refuses a wrapped stranger's", async () => {
    expect(await createPublicClient({ transport: http(rpcUrl) }).getCode({ address: counterfactual })).toBeUndefined()
    const message = messageFor(counterfactual, "nonce6492a")
    const wrap = async (signer: typeof owner) =>
      serializeErc6492Signature({ address: factory, data: deployCalldata, signature: await signer.signMessage({ message }) })
    expect(await check({ rpcUrls: { [chainId]: rpcUrl } }, counterfactual, message, await wrap(owner))).toBe(true)
    expect(await check({ rpcUrls: { [chainId]: rpcUrl } }, counterfactual, message, await wrap(stranger))).toBe(false)
  })

  it("an EOA delegated by EIP-7702 signs as itself, offline and through the chain (isValidSignature); another key's is refused", async () => {
    expect(await createPublicClient({ transport: http(rpcUrl) }).getCode({ address: delegated.address })).toBe(`0xef0100${simple7702AccountAddress.slice(2).toLowerCase()}`)
    const message = messageFor(delegated.address, "nonce7702a")
    const signature = await delegated.signMessage({ message })
    expect(await check({ rpcUrls: { [chainId]: rpcUrl } }, delegated.address, message, signature)).toBe(true)
    expect(await check({}, delegated.address, message, signature)).toBe(true)
    // The delegate's ERC-1271 answer agrees: the chain proves the same signature, and refuses a stranger's.
    const chainClient = createPublicClient({ transport: http(rpcUrl) })
    expect(await chainClient.verifyMessage({ address: delegated.address, message, signature })).toBe(true)
    expect(await check({ rpcUrls: { [chainId]: rpcUrl } }, delegated.address, message, await stranger.signMessage({ message }))).toBe(false)
  })

  it("portico/server's verifySignIn accepts the contract account's sign-in with the chain's RPC URL", async () => {
    const nonces = createMemoryNonces()
    const message = messageFor(deployed, await nonces.issueNonce())
    const data = await verifySignIn(
      { message, signature: await owner.signMessage({ message }) },
      { domain: "app.example.com", origin: "https://app.example.com", chains: [chainId], rpcUrls: { [chainId]: rpcUrl }, nonces: nonces.store }
    )
    expect(data.accountAddress).toBe(deployed)
    const again = messageFor(deployed, await nonces.issueNonce())
    await expect(verifySignIn(
      { message: again, signature: await stranger.signMessage({ message: again }) },
      { domain: "app.example.com", origin: "https://app.example.com", chains: [chainId], rpcUrls: { [chainId]: rpcUrl }, nonces: nonces.store }
    )).rejects.toMatchObject({ _tag: "SignInRejectedError", reason: "signature" })
  })
})

const policy = (nonces: ReturnType<typeof createMemoryNonces>) =>
  ({ domain: "app.example.com", origin: "https://app.example.com", chains: [chainId], rpcUrls: { [chainId]: rpcUrl }, nonces: nonces.store })

describe("One-Click Auth CACAOs through portico/server's verifier", () => {
  const recap = Recap.encode(Recap.requests("eip155", ["personal_sign"]))
  /** The payload a dapp asks with a fresh nonce, and what a wallet answers for `address` with the signature `sign` makes. */
  const answered = async (nonces: ReturnType<typeof createMemoryNonces>, address: Address, sign: (message: string) => Promise<Hex>, t: Protocol.Cacao["s"]["t"]) => {
    const asked: Protocol.AuthPayload = {
      type: "caip122",
      chains: [chainId],
      domain: "app.example.com",
      aud: "https://app.example.com",
      version: "1",
      nonce: await nonces.issueNonce(),
      iat: new Date().toISOString(),
      resources: [recap]
    }
    const { payload, message } = Cacaos.signable(asked, { namespace: "eip155", reference: "31337", address })
    return Effect.runPromise(Cacaos.check(asked, { h: { t: "caip122" }, p: payload, s: { t, s: await sign(message) } }))
  }

  it("accepts an EOA's, an ERC-1271 account's and an undeployed ERC-6492 account's; refuses a forged signature", async () => {
    const nonces = createMemoryNonces()
    const eoa = await answered(nonces, owner.address, (message) => owner.signMessage({ message }), "eip191")
    expect((await verifySignIn(eoa, policy(nonces))).accountAddress).toBe(owner.address)
    const contract = await answered(nonces, deployed, (message) => owner.signMessage({ message }), "eip1271")
    expect((await verifySignIn(contract, policy(nonces))).accountAddress).toBe(deployed)
    const later = await answered(nonces, counterfactual, async (message) =>
      serializeErc6492Signature({ address: factory, data: deployCalldata, signature: await owner.signMessage({ message }) }), "eip6492")
    expect((await verifySignIn(later, policy(nonces))).accountAddress).toBe(counterfactual)
    // A CACAO naming the owner, signed by another key: every field is as asked, the signature proves nothing.
    const forged = await answered(nonces, owner.address, (message) => stranger.signMessage({ message }), "eip191")
    await expect(verifySignIn(forged, policy(nonces))).rejects.toMatchObject({ _tag: "SignInRejectedError", reason: "signature" })
  })
})
