import { createPublicClient, http, parseEther, defineChain } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createBundlerClient, toSimple7702SmartAccount } from "viem/account-abstraction"
const rpc = "http://127.0.0.1:18545"
const chain = defineChain({ id: 31337, name: "x", nativeCurrency: { name: "E", symbol: "E", decimals: 18 }, rpcUrls: { default: { http: [rpc] } } })
const client = createPublicClient({ chain, transport: http(rpc) })
const owner = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba")
const account = await toSimple7702SmartAccount({ client, owner })
console.log("account", account.address, "entryPoint", account.entryPoint.address, account.entryPoint.version)
const bundler = createBundlerClient({ client, transport: http("http://127.0.0.1:14337") })
const authorization = await owner.signAuthorization({ chainId: 31337, nonce: await client.getTransactionCount({ address: owner.address }), contractAddress: account.authorization.address })
const before = await client.getBalance({ address: "0x000000000000000000000000000000000000dEaD" })
const hash = await bundler.sendUserOperation({ account, authorization, calls: [{ to: "0x000000000000000000000000000000000000dEaD", value: 1n }, { to: "0x000000000000000000000000000000000000dEaD", value: 2n }] })
console.log("uo", hash)
const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 60_000 })
console.log("success", receipt.success, "tx", receipt.receipt.transactionHash, "gained", (await client.getBalance({ address: "0x000000000000000000000000000000000000dEaD" })) - before)
console.log("code", await client.getCode({ address: owner.address }))
