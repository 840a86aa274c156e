/**
 * A sponsorship service as hosts buy them, speaking ERC-7677 (`pm_getPaymasterStubData`,
 * `pm_getPaymasterData`) over JSON-RPC at `/rpc?apikey=…`: it signs, for the sandbox's verifying
 * paymaster (contracts/SponsorPaymaster.sol), every EntryPoint v0.8 operation on the devnets within a
 * ten-minute window. A request without the sandbox's API key is refused (401), as is an unknown chain,
 * an EntryPoint other than v0.8, or a `sponsorshipPolicyId` in the context that the service does not
 * have; the policy `sp_decline` exists and declines everything, so a refusing paymaster can be tried.
 * The key is the server's to hold (Portico's server proxies to this with it), never a page's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import * as Schema from "effect/Schema"
import { encodeAbiParameters, getAddress, keccak256, numberToHex, type Address, type Hex } from "viem"
import { toPackedUserOperation, type UserOperation } from "viem/account-abstraction"
import { privateKeyToAccount } from "viem/accounts"
import { entryPointAddress, paymasterSignerKey } from "../evm/AccountAbstraction.ts"
import { listen } from "../Listen.ts"

/** The API key the sandbox's server configuration holds for this service. */
export const sandboxPaymasterApiKey = "pm_sandbox_portico"
/** The policy that declines every operation (a host's spending cap reached, say). */
export const decliningPolicy = "sp_decline"

export interface PaymasterService {
  /** The JSON-RPC endpoint without its key: `<url>?apikey=<key>` is what a server calls. */
  readonly url: string
  stop(): Promise<void>
}

/** The service's URL as a host's server is given it: with the key. */
export const paymasterUrlOf = (service: PaymasterService): string => `${service.url}?apikey=${sandboxPaymasterApiKey}`

/** Gas the paymaster's validation (two hashes and an ecrecover) and its empty post-op need, with room. */
const verificationGasLimit = 100_000n
const postOpGasLimit = 1_000n
const windowSeconds = 600

const HexString = Schema.TemplateLiteral(["0x", Schema.String])
const Quantity = Schema.Union([HexString, Schema.Number])

/** ERC-7677's parameters: the unpacked v0.7+ operation, the EntryPoint, the chain and the context. */
const PaymasterParams = Schema.Tuple([
  Schema.Struct({
    sender: HexString,
    nonce: Quantity,
    factory: Schema.optional(Schema.NullOr(HexString)),
    factoryData: Schema.optional(Schema.NullOr(HexString)),
    callData: HexString,
    callGasLimit: Quantity,
    verificationGasLimit: Quantity,
    preVerificationGas: Quantity,
    maxFeePerGas: Quantity,
    maxPriorityFeePerGas: Quantity,
    paymasterVerificationGasLimit: Schema.optional(Schema.NullOr(Quantity)),
    paymasterPostOpGasLimit: Schema.optional(Schema.NullOr(Quantity))
  }),
  HexString,
  Quantity,
  Schema.optional(Schema.NullOr(Schema.Struct({ sponsorshipPolicyId: Schema.optional(Schema.String) })))
])

const JsonRpcRequest = Schema.Struct({
  jsonrpc: Schema.Literal("2.0"),
  id: Schema.Union([Schema.String, Schema.Number, Schema.Null]),
  method: Schema.String,
  params: Schema.optional(Schema.Unknown)
})

class RpcFailure extends Error {
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

const big = (value: string | number | null | undefined, fallback: bigint): bigint => (value === undefined || value === null ? fallback : BigInt(value))

/** The paymaster's `hashOf(op, validUntil, validAfter)`, computed off chain exactly as the contract does. */
const sponsorHash = (op: UserOperation<"0.8">, paymaster: Address, chainId: bigint, validUntil: number, validAfter: number): Hex => {
  const packed = toPackedUserOperation(op)
  const gasLimits = `0x${packed.paymasterAndData.slice(2 + 40, 2 + 104)}` as Hex
  return keccak256(encodeAbiParameters(
    [
      { type: "address" }, { type: "uint256" }, { type: "bytes32" }, { type: "bytes32" }, { type: "bytes32" }, { type: "bytes32" },
      { type: "uint256" }, { type: "bytes32" }, { type: "uint256" }, { type: "address" }, { type: "uint48" }, { type: "uint48" }
    ],
    [
      packed.sender, packed.nonce, keccak256(packed.initCode), keccak256(packed.callData), packed.accountGasLimits, gasLimits,
      packed.preVerificationGas, packed.gasFees, chainId, paymaster, validUntil, validAfter
    ]
  ))
}

/**
 * Starts the service on `host` for the given chains (chain id → the paymaster's address there).
 * `now` gives Unix seconds (the devnets run on the wall clock).
 */
export const startPaymasterService = async (options: {
  readonly host: string
  readonly port: number
  readonly paymasters: ReadonlyMap<number, Address>
  readonly now?: () => number
}): Promise<PaymasterService> => {
  const signer = privateKeyToAccount(paymasterSignerKey)
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))

  const sponsor = async (method: string, params: unknown) => {
    const decoded = Schema.decodeUnknownOption(PaymasterParams)(params)
    if (decoded._tag === "None") throw new RpcFailure(-32602, "Invalid params: expected [userOperation, entryPoint, chainId, context]")
    const [input, entryPoint, chain, context] = decoded.value
    if (getAddress(entryPoint) !== getAddress(entryPointAddress)) throw new RpcFailure(-32602, `EntryPoint ${entryPoint} is not supported (only v0.8)`)
    const chainId = BigInt(chain)
    const paymaster = options.paymasters.get(Number(chainId))
    if (paymaster === undefined) throw new RpcFailure(-32602, `Chain ${chainId} is not supported`)
    const policy = context?.sponsorshipPolicyId
    if (policy === decliningPolicy) throw new RpcFailure(-32001, "This user operation is not sponsored by the policy")
    if (policy !== undefined) throw new RpcFailure(-32001, `Sponsorship policy ${policy} not found`)
    const validAfter = 0
    const validUntil = now() + windowSeconds
    const op: UserOperation<"0.8"> = {
      sender: getAddress(input.sender),
      nonce: big(input.nonce, 0n),
      ...(input.factory === undefined || input.factory === null ? {} : { factory: input.factory, factoryData: input.factoryData ?? "0x" }),
      callData: input.callData,
      callGasLimit: big(input.callGasLimit, 0n),
      verificationGasLimit: big(input.verificationGasLimit, 0n),
      preVerificationGas: big(input.preVerificationGas, 0n),
      maxFeePerGas: big(input.maxFeePerGas, 0n),
      maxPriorityFeePerGas: big(input.maxPriorityFeePerGas, 0n),
      paymaster,
      paymasterVerificationGasLimit: big(input.paymasterVerificationGasLimit, verificationGasLimit),
      paymasterPostOpGasLimit: big(input.paymasterPostOpGasLimit, postOpGasLimit),
      paymasterData: "0x",
      signature: "0x"
    }
    const window = encodeAbiParameters([{ type: "uint48" }, { type: "uint48" }], [validUntil, validAfter])
    // The window packs as 6 + 6 bytes, as the contract slices it.
    const windowBytes = `0x${window.slice(2 + 64 - 12, 2 + 64)}${window.slice(2 + 128 - 12)}` as Hex
    const signature = method === "pm_getPaymasterStubData"
      // A well-formed signature of nobody: estimation runs the validation without the real one.
      ? `0x${"ff".repeat(32)}${"7f".repeat(32)}1c` as Hex
      : await signer.signMessage({ message: { raw: sponsorHash(op, paymaster, chainId, validUntil, validAfter) } })
    const paymasterData = `${windowBytes}${signature.slice(2)}` as Hex
    if (method === "pm_getPaymasterData") return { paymaster, paymasterData }
    return {
      paymaster,
      paymasterData,
      paymasterVerificationGasLimit: numberToHex(verificationGasLimit),
      paymasterPostOpGasLimit: numberToHex(postOpGasLimit),
      sponsor: { name: "Portico Sandbox" },
      isFinal: false
    }
  }

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" })
      response.end(JSON.stringify(body))
    }
    const url = new URL(request.url ?? "/", "http://paymaster")
    if (request.method !== "POST" || url.pathname !== "/rpc") return send(404, { error: "not found" })
    const chunks: Array<Buffer> = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const parsed = Schema.decodeUnknownOption(Schema.fromJsonString(JsonRpcRequest))(Buffer.concat(chunks).toString("utf8"))
    if (parsed._tag === "None") return send(400, { jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } })
    const { id, method, params } = parsed.value
    if (url.searchParams.get("apikey") !== sandboxPaymasterApiKey) {
      return send(401, { jsonrpc: "2.0", id, error: { code: -32001, message: "Invalid API key" } })
    }
    if (method !== "pm_getPaymasterStubData" && method !== "pm_getPaymasterData") {
      return send(200, { jsonrpc: "2.0", id, error: { code: -32601, message: `Method ${method} not found` } })
    }
    try {
      send(200, { jsonrpc: "2.0", id, result: await sponsor(method, params) })
    } catch (error) {
      if (!(error instanceof RpcFailure)) throw error
      send(200, { jsonrpc: "2.0", id, error: { code: error.code, message: error.message } })
    }
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500)
      response.end()
    })
  })
  const port = await listen(server, options.port, options.host)
  return {
    url: `http://${options.host}:${port}/rpc`,
    stop: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
