/**
 * Pyth's `PriceUpdateV2` account (the Pyth Solana Receiver program's Anchor account, which the push
 * oracle keeps current at fixed addresses), read and written byte for byte:
 *
 *   0   8  discriminator = sha256("account:PriceUpdateV2")[0..8]
 *   8  32  write_authority
 *   40  1  verification_level: 0 = Partial (then 1 byte: num_signatures), 1 = Full
 *   ..     price_message: feed_id [32], price i64, conf u64, exponent i32, publish_time i64,
 *          prev_publish_time i64, ema_price i64, ema_conf u64 (all little-endian)
 *   ..  8  posted_slot u64
 *
 * The server decodes it (PythPrices.ts); the sandbox's devnet writes it (sandbox/solana/PythOracle.ts).
 */
import { sha256 } from "@noble/hashes/sha2"
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils"

export const discriminator: Uint8Array = sha256(utf8ToBytes("account:PriceUpdateV2")).subarray(0, 8)

/** The size the receiver allocates (room for a Partial verification level). */
export const accountSize = 134

export interface PriceUpdate {
  readonly writeAuthority: Uint8Array
  readonly verification: { readonly level: "Full" } | { readonly level: "Partial"; readonly signatures: number }
  /** Hex, no 0x. */
  readonly feedId: string
  readonly price: bigint
  readonly conf: bigint
  readonly exponent: number
  /** Unix seconds. */
  readonly publishTime: bigint
  readonly prevPublishTime: bigint
  readonly emaPrice: bigint
  readonly emaConf: bigint
  readonly postedSlot: bigint
}

const messageSize = 32 + 8 + 8 + 4 + 8 + 8 + 8 + 8

/** The account's data as a PriceUpdate; undefined for anything else (another account type, a short buffer). */
export const decode = (data: Uint8Array): PriceUpdate | undefined => {
  if (data.length < 8 + 32 + 1 || !data.subarray(0, 8).every((byte, index) => byte === discriminator[index])) return undefined
  const tag = data[40]
  const start = tag === 1 ? 41 : tag === 0 ? 42 : undefined
  if (start === undefined || data.length < start + messageSize + 8) return undefined
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const at = start + 32
  return {
    writeAuthority: data.slice(8, 40),
    verification: tag === 1 ? { level: "Full" } : { level: "Partial", signatures: data[41] ?? 0 },
    feedId: bytesToHex(data.subarray(start, start + 32)),
    price: view.getBigInt64(at, true),
    conf: view.getBigUint64(at + 8, true),
    exponent: view.getInt32(at + 16, true),
    publishTime: view.getBigInt64(at + 20, true),
    prevPublishTime: view.getBigInt64(at + 28, true),
    emaPrice: view.getBigInt64(at + 36, true),
    emaConf: view.getBigUint64(at + 44, true),
    postedSlot: view.getBigUint64(start + messageSize, true)
  }
}

export const encode = (update: PriceUpdate): Uint8Array => {
  const data = new Uint8Array(accountSize)
  const view = new DataView(data.buffer)
  data.set(discriminator, 0)
  data.set(update.writeAuthority.subarray(0, 32), 8)
  if (update.verification.level === "Full") data[40] = 1
  else {
    data[40] = 0
    data[41] = update.verification.signatures
  }
  const start = update.verification.level === "Full" ? 41 : 42
  data.set(hexToBytes(update.feedId), start)
  const at = start + 32
  view.setBigInt64(at, update.price, true)
  view.setBigUint64(at + 8, update.conf, true)
  view.setInt32(at + 16, update.exponent, true)
  view.setBigInt64(at + 20, update.publishTime, true)
  view.setBigInt64(at + 28, update.prevPublishTime, true)
  view.setBigInt64(at + 36, update.emaPrice, true)
  view.setBigUint64(at + 44, update.emaConf, true)
  view.setBigUint64(start + messageSize, update.postedSlot, true)
  return data
}
