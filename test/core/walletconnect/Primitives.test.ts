/**
 * The protocol's primitives as properties: envelopes (types 0 and 1) round-trip and refuse any change or other key, both
 * sides of a key agreement derive the same session key, pairing URIs round-trip and parsing never throws,
 * relay tokens verify only unaltered and unexpired.
 */
import { bytesToHex } from "@noble/hashes/utils"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Envelope from "../../../core/walletconnect/Envelope.ts"
import * as PairingUri from "../../../core/walletconnect/PairingUri.ts"
import * as RelayAuth from "../../../core/walletconnect/RelayAuth.ts"
import * as SymKey from "../../../core/walletconnect/SymKey.ts"

const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(bytesToHex)
const opened = (symKey: string, message: string) => Effect.runSync(Effect.result(Envelope.open(symKey, message)))

describe("Envelope", () => {
  it("opens what it sealed, under that key only", () => {
    fc.assert(fc.property(key, key, fc.string(), (symKey, other, text) => {
      const sealed = Envelope.seal(symKey, text)
      expect(opened(symKey, sealed)).toEqual(Result.succeed(text))
      if (other !== symKey) expect(Result.isFailure(opened(other, sealed))).toBe(true)
    }))
  })
  it("refuses a message with any byte changed", () => {
    fc.assert(fc.property(key, fc.string({ minLength: 1 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (symKey, text, at, flip) => {
      const bytes = Uint8Array.from(atob(Envelope.seal(symKey, text)), (char) => char.charCodeAt(0))
      const index = at % bytes.length
      bytes[index] = (bytes[index] ?? 0) ^ flip
      expect(Result.isFailure(opened(symKey, btoa(String.fromCharCode(...bytes))))).toBe(true)
    }))
  })
  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(key, fc.string(), (symKey, text) => {
      expect(Result.isFailure(opened(symKey, text))).toBe(true)
    }))
  })
})

const typeOne = (symKey: string, sender: string, text: string) => Envelope.sealFromSender(symKey, sender, text)
const openedFromSender = (symKey: string, message: string) => Effect.runSync(Effect.result(Envelope.openFromSender(symKey, message)))
const bytesOf = (message: string) => Uint8Array.from(atob(message), (char) => char.charCodeAt(0))

describe("Envelope type 1 (the authenticate answer)", () => {
  it("carries the sender's key, and the receiver opens it with the key agreed from it alone", () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const requester = SymKey.generateKeyPair()
      const responder = SymKey.generateKeyPair()
      const symKey = Effect.runSync(SymKey.agree(responder.privateKey, requester.publicKey))
      const sealed = typeOne(symKey, responder.publicKey, text)
      const sender = Effect.runSync(Envelope.senderOf(sealed))
      expect(sender).toBe(responder.publicKey)
      expect(openedFromSender(Effect.runSync(SymKey.agree(requester.privateKey, sender)), sealed)).toEqual(Result.succeed(text))
    }), { numRuns: 20 })
  })
  it("refuses a type 1 message with any byte changed, or under another key", () => {
    fc.assert(fc.property(key, key, key, fc.string({ minLength: 1 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (symKey, other, sender, text, at, flip) => {
      const sealed = typeOne(symKey, sender, text)
      if (other !== symKey) expect(Result.isFailure(openedFromSender(other, sealed))).toBe(true)
      const bytes = bytesOf(sealed)
      // The sender's key is not sealed: changing it changes the key agreed, so only bytes after it are checked here.
      const index = 33 + (at % (bytes.length - 33))
      bytes[index] = (bytes[index] ?? 0) ^ flip
      expect(Result.isFailure(openedFromSender(symKey, btoa(String.fromCharCode(...bytes))))).toBe(true)
    }))
  })
  it("keeps the two types apart: neither opener takes the other's envelope", () => {
    fc.assert(fc.property(key, key, fc.string(), (symKey, sender, text) => {
      expect(opened(symKey, typeOne(symKey, sender, text))).toMatchObject({ _tag: "Failure", failure: { _tag: "EnvelopeError" } })
      expect(openedFromSender(symKey, Envelope.seal(symKey, text))).toMatchObject({ _tag: "Failure", failure: { _tag: "EnvelopeError" } })
      expect(Result.isFailure(Effect.runSync(Effect.result(Envelope.senderOf(Envelope.seal(symKey, text)))))).toBe(true)
    }))
  })
  it("refuses a type 1 envelope too short for its key, nonce and tag, or of an unknown type", () => {
    fc.assert(fc.property(key, fc.integer({ min: 0, max: 32 + 12 + 16 - 1 }), fc.integer({ min: 2, max: 255 }), (symKey, length, type) => {
      const short = Uint8Array.of(1, ...new Uint8Array(length))
      expect(Result.isFailure(Effect.runSync(Effect.result(Envelope.senderOf(btoa(String.fromCharCode(...short))))))).toBe(true)
      expect(Result.isFailure(openedFromSender(symKey, btoa(String.fromCharCode(...short))))).toBe(true)
      const unknown = bytesOf(Envelope.sealFromSender(symKey, symKey, "{}"))
      unknown[0] = type
      expect(Result.isFailure(openedFromSender(symKey, btoa(String.fromCharCode(...unknown))))).toBe(true)
    }))
  })
  it("never throws on arbitrary text", () => {
    fc.assert(fc.property(key, fc.string(), (symKey, text) => {
      expect(Result.isFailure(openedFromSender(symKey, text))).toBe(true)
      expect(Result.isFailure(Effect.runSync(Effect.result(Envelope.senderOf(text))))).toBe(true)
    }))
  })
})

describe("SymKey", () => {
  it("gives both sides of an agreement the same session key and topic", () => {
    fc.assert(fc.property(fc.constant(null), () => {
      const dapp = SymKey.generateKeyPair()
      const wallet = SymKey.generateKeyPair()
      const mine = Effect.runSync(SymKey.agree(dapp.privateKey, wallet.publicKey))
      const theirs = Effect.runSync(SymKey.agree(wallet.privateKey, dapp.publicKey))
      expect(mine).toBe(theirs)
      expect(SymKey.topicOf(mine)).toMatch(/^[0-9a-f]{64}$/)
    }), { numRuns: 20 })
  })
  it("refuses a peer key that is malformed or of low order", () => {
    const { privateKey } = SymKey.generateKeyPair()
    for (const peer of ["00".repeat(32), "zz".repeat(32), "01", "ab".repeat(33)]) {
      expect(Effect.runSync(Effect.result(SymKey.agree(privateKey, peer)))).toMatchObject({ _tag: "Failure", failure: { _tag: "PeerKeyError" } })
    }
  })
})

describe("PairingUri", () => {
  it("round-trips the URIs it formats", () => {
    fc.assert(fc.property(key, fc.integer({ min: 1, max: 99_999_999_999 }), (symKey, expiryTimestamp) => {
      const pairing = { topic: SymKey.topicOf(symKey), symKey, expiryTimestamp }
      expect(Effect.runSync(PairingUri.parse(PairingUri.format(pairing)))).toEqual(pairing)
    }))
  })
  it("never throws on arbitrary text, and refuses it", () => {
    fc.assert(fc.property(fc.string(), (text) => {
      expect(Result.isFailure(Effect.runSync(Effect.result(PairingUri.parse(text))))).toBe(true)
    }))
  })
})

describe("RelayAuth", () => {
  const issuedAt = 1_800_000_000
  it("verifies an unaltered, unexpired token as the key's did:key", () => {
    const seed = RelayAuth.generateSeed()
    const token = RelayAuth.sign({ seed, audience: "wss://relay.test", issuedAt, ttlSeconds: 60 })
    const verified = RelayAuth.verify(token, { nowMs: issuedAt * 1000, audience: "wss://relay.test" })
    expect(verified).toMatchObject({ _tag: "Success" })
    expect(Result.getOrThrow(verified)).toMatch(/^did:key:z6Mk/)
    expect(RelayAuth.verify(token, { nowMs: (issuedAt + 60) * 1000, audience: "wss://relay.test" })).toEqual(Result.fail("expired token"))
  })
  it("refuses a token for another relay, and reads the relay URL as clients write it", () => {
    const token = RelayAuth.sign({ seed: RelayAuth.generateSeed(), audience: "wss://Relay.test/", issuedAt, ttlSeconds: 60 })
    expect(Result.isSuccess(RelayAuth.verify(token, { nowMs: issuedAt * 1000, audience: "wss://relay.test" }))).toBe(true)
    for (const audience of ["wss://relay.test:8443", "ws://relay.test", "wss://other.test", "wss://relay.test/v2", "not a url"]) {
      expect(RelayAuth.verify(token, { nowMs: issuedAt * 1000, audience })).toEqual(Result.fail("the token is for another relay"))
    }
  })
  it("refuses a token with any character changed", () => {
    const token = RelayAuth.sign({ seed: RelayAuth.generateSeed(), audience: "wss://relay.test", issuedAt, ttlSeconds: 60 })
    fc.assert(fc.property(fc.nat(), fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_."), (at, replacement) => {
      const index = at % token.length
      fc.pre(token[index] !== replacement)
      const altered = token.slice(0, index) + replacement + token.slice(index + 1)
      expect(Result.isFailure(RelayAuth.verify(altered, { nowMs: issuedAt * 1000, audience: "wss://relay.test" }))).toBe(true)
    }))
  })
})
