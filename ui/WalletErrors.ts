/** The wallet refusals a host can name (EIP-1193 and EIP-1474 codes): one list for every public entry. */
export type {
  ChainDisconnectedError,
  InvalidKeyError,
  JwtNotYetValidError,
  OriginNotAllowedError,
  ProviderDisconnectedError,
  RpcError,
  UnauthorizedError,
  UnknownWalletError,
  UnrecognizedChainError,
  UnsupportedMethodError,
  UserRejectedRequestError,
  WalletError
} from "../core/WalletError.ts"
