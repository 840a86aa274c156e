/**
 * Encrypted message wrapping (MWA 2.0): every message after the handshake is
 * `sequence (4 bytes, big-endian) ‖ IV (12 random bytes) ‖ AES-128-GCM ciphertext ‖ tag (16 bytes)`, the
 * sequence number also the cipher's additional data. Each side counts its own messages from 1; a receiver
 * takes only the next number, so a replayed, dropped or reordered frame is refused before decryption.
 */
import { gcm } from "@noble/ciphers/aes"
import { concatBytes, randomBytes } from "@noble/hashes/utils"
import * as Result from "effect/Result"

const sequenceLength = 4
const ivLength = 12
const tagLength = 16
/** The largest sequence number four bytes hold; a session that reaches it must end. */
export const maxSequence = 0xffff_ffff

export const sequenceBytes = (sequence: number): Uint8Array => {
  const bytes = new Uint8Array(sequenceLength)
  new DataView(bytes.buffer).setUint32(0, sequence, false)
  return bytes
}

export const seal = (key: Uint8Array, sequence: number, plaintext: Uint8Array): Uint8Array => {
  const aad = sequenceBytes(sequence)
  const iv = randomBytes(ivLength)
  return concatBytes(aad, iv, gcm(key, iv, aad).encrypt(plaintext))
}

export type OpenFailure = "sequence" | "tag"

/** The plaintext of a frame that carries `expected` as its sequence number and passes its tag. */
export const open = (key: Uint8Array, expected: number, frame: Uint8Array): Result.Result<Uint8Array, OpenFailure> => {
  if (frame.length < sequenceLength + ivLength + tagLength) return Result.fail("tag")
  const sequence = new DataView(frame.buffer, frame.byteOffset, sequenceLength).getUint32(0, false)
  if (sequence !== expected) return Result.fail("sequence")
  const aad = frame.subarray(0, sequenceLength)
  const iv = frame.subarray(sequenceLength, sequenceLength + ivLength)
  try {
    return Result.succeed(gcm(key, iv, aad).decrypt(frame.subarray(sequenceLength + ivLength)))
  } catch {
    return Result.fail("tag")
  }
}

/**
 * One side's counters over a session key: `seal` numbers outgoing messages 1, 2, 3…; `open` accepts only
 * the next incoming number and moves on only when the frame opened.
 */
export interface Channel {
  readonly seal: (plaintext: Uint8Array) => Uint8Array
  readonly open: (frame: Uint8Array) => Result.Result<Uint8Array, OpenFailure>
}

export const channel = (key: Uint8Array): Channel => {
  let sent = 0
  let received = 0
  return {
    seal: (plaintext) => {
      if (sent >= maxSequence) throw new RangeError("The session has used every sequence number")
      sent += 1
      return seal(key, sent, plaintext)
    },
    open: (frame) => {
      if (received >= maxSequence) return Result.fail("sequence")
      const opened = open(key, received + 1, frame)
      if (Result.isSuccess(opened)) received += 1
      return opened
    }
  }
}
