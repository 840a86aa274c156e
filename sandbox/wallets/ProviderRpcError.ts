import * as Schema from "effect/Schema"

/** An EIP-1193 provider error: what a demo wallet's `request` rejects with. */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = "ProviderRpcError"
    this.code = code
    this.data = data
  }
}

// The codes the demo wallets raise (EIP-1193, EIP-1474, EIP-3085/3326, EIP-5792).
export const userRejected = () => new ProviderRpcError(4001, "User rejected the request.")
export const unauthorized = () =>
  new ProviderRpcError(4100, "The requested account and/or method has not been authorized by the user.")
export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The Provider does not support the requested method: ${method}.`)
export const unrecognizedChain = (chainId: string) =>
  new ProviderRpcError(4902, `Unrecognized chain ID "${chainId}". Try adding the chain using wallet_addEthereumChain first.`)
export const invalidParams = (detail: string) => new ProviderRpcError(-32602, `Invalid params: ${detail}`)
export const duplicateCallsId = (id: string) => new ProviderRpcError(5720, `Duplicate calls id: ${id}`)
export const unknownCallsId = (id: string) => new ProviderRpcError(5730, `Unknown calls id: ${id}`)
export const unsupportedChainId = (chainId: string) =>
  new ProviderRpcError(5710, `The wallet does not support calls on chain ${chainId}.`)
export const unsupportedCapability = (name: string) =>
  new ProviderRpcError(5700, `The wallet does not support the required capability ${name}.`)

/** A request's parameters decoded by `schema`; anything else is refused as invalid params (-32602). */
export const decodeParams = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  params: unknown
): S["Type"] => {
  try {
    return Schema.decodeUnknownSync(schema)(params)
  } catch (error) {
    throw invalidParams(error instanceof Error ? error.message : String(error))
  }
}
