/**
 * The Mobile Wallet Adapter wallet end to end in Node: Portico's dapp side over a real WebSocket (Node's,
 * the same API as the browser's) against the sandbox's MWA wallet, which starts listening when the
 * association URI is "opened", as the wallet app does on a phone.
 */
import { afterEach, assert, describe, it } from "@effect/vitest"
import { ed25519 } from "@noble/curves/ed25519"
import { base58 } from "@scure/base"
import type { Wallet, WalletAccount } from "@wallet-standard/base"
import * as MwaSocket from "../../../core/connectors/MwaSocket.ts"
import * as MwaWallet from "../../../core/connectors/MwaWallet.ts"
import * as Storage from "../../../core/Storage.ts"
import * as StorageKey from "../../../core/StorageKey.ts"
import * as Effect from "effect/Effect"
import { createServer } from "node:net"
import * as Association from "../../../core/mwa/Association.ts"
import * as SandboxMwa from "../../../sandbox/mwa/MwaWallet.ts"

const chain = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"
const seed = ed25519.utils.randomPrivateKey()
const account = { address: base58.encode(ed25519.getPublicKey(seed)), secretKey: [...seed, ...ed25519.getPublicKey(seed)] }

const running: Array<SandboxMwa.MwaWalletSession> = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((session) => session.close()))
})

/**
 * A dynamic port nothing on this machine holds now: the spec's random port can collide with another test's
 * server (EADDRINUSE in the wallet app's listen), which would leave the dapp waiting for a wallet that never answers.
 */
const freePort = async (): Promise<number> => {
  for (;;) {
    const port = Association.randomPort()
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
      probe.once("error", () => resolve(false))
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
}

const setup = async (answer: "approve" | "refuse" = "approve", framing: "binary" | "base64" = "binary", storage = Storage.serviceOf(Storage.layerMemory)) => {
  const opened: Array<string> = []
  // Each association (a connect, then each call) listens on a port of its own.
  const ports = [await freePort(), await freePort(), await freePort()]
  const wallet = MwaWallet.make({
    port: () => ports.shift() ?? Association.randomPort(),
    identity: { name: "Test host", uri: "https://host.example" },
    chains: [chain],
    storage,
    openUri: (uri) => {
      opened.push(uri)
      void SandboxMwa.associate(uri, { account, chains: [chain], rpcUrl: "http://127.0.0.1:1", answer, framing }).then((session) => running.push(session))
    },
    dial: MwaSocket.dial
  })
  return { wallet, opened, storage }
}

interface Features {
  readonly "standard:connect": { readonly connect: (input?: { readonly silent?: boolean }) => Promise<{ readonly accounts: ReadonlyArray<WalletAccount> }> }
  readonly "standard:disconnect": { readonly disconnect: () => Promise<void> }
  readonly "solana:signMessage": {
    readonly signMessage: (input: { readonly account: WalletAccount; readonly message: Uint8Array }) => Promise<ReadonlyArray<{ readonly signedMessage: Uint8Array; readonly signature: Uint8Array }>>
  }
}
const features = (wallet: Wallet) => wallet.features as unknown as Features

describe("the Mobile Wallet Adapter wallet against the sandbox's MWA wallet", () => {
  it("connect opens the association URI at once, authorizes, and a message is signed by the account", async () => {
    const { wallet, opened } = await setup()
    const connecting = features(wallet)["standard:connect"].connect()
    assert.strictEqual(opened.length, 1, "the URI is opened synchronously, inside the visitor's tap")
    assert.match(opened[0] ?? "", /^solana-wallet:\/v1\/associate\/local\?association=[A-Za-z0-9_-]+&port=\d+&v=v1$/)
    const { accounts } = await connecting
    assert.deepStrictEqual(accounts.map((entry) => entry.address), [account.address])
    assert.deepStrictEqual(wallet.accounts.map((entry) => entry.chains), [[chain]])
    const message = new TextEncoder().encode("Sign in to Test host")
    const [signed] = await features(wallet)["solana:signMessage"].signMessage({ account: accounts[0]!, message })
    assert.isTrue(ed25519.verify(signed!.signature, message, base58.decode(account.address)))
    assert.deepStrictEqual(running.at(-1)?.calls, ["authorize", "sign_messages"])
  })

  it("speaks the base64 framing when the wallet picks it", async () => {
    const { wallet } = await setup("approve", "base64")
    const { accounts } = await features(wallet)["standard:connect"].connect()
    assert.strictEqual(accounts[0]?.address, account.address)
  })

  it("after a reload, a silent connect answers from the kept authorization and the next call reauthorizes with its token", async () => {
    const first = await setup()
    await features(first.wallet)["standard:connect"].connect()
    const kept = await Effect.runPromise(first.storage.get(StorageKey.mobileWalletAuthorization))
    assert.isNotNull(kept)
    const reloaded = await setup("approve", "binary", first.storage)
    const { accounts } = await features(reloaded.wallet)["standard:connect"].connect({ silent: true })
    assert.strictEqual(reloaded.opened.length, 0, "a silent connect never opens the wallet app")
    assert.deepStrictEqual(accounts.map((entry) => entry.address), [account.address])
    await features(reloaded.wallet)["solana:signMessage"].signMessage({ account: accounts[0]!, message: Uint8Array.of(1, 2, 3) })
    assert.deepStrictEqual(running.at(-1)?.calls, ["authorize", "sign_messages"])
    assert.strictEqual((await Effect.runPromise(reloaded.storage.get(StorageKey.mobileWalletAuthorization)))?.authToken, kept?.authToken, "the wallet reauthorized the kept token")
  })

  it("a wallet that declines is the visitor's refusal (4001), and nothing is kept", async () => {
    const { wallet, storage } = await setup("refuse")
    const error = await features(wallet)["standard:connect"].connect().then(() => undefined, (cause: unknown) => cause)
    assert.include(error, { _tag: "UserRejectedRequestError", code: 4001 })
    assert.isNull(await Effect.runPromise(storage.get(StorageKey.mobileWalletAuthorization)))
  })

  it("disconnect forgets the authorization and asks the wallet app to revoke its token", async () => {
    const { wallet, storage } = await setup()
    await features(wallet)["standard:connect"].connect()
    await features(wallet)["standard:disconnect"].disconnect()
    assert.deepStrictEqual(running.at(-1)?.calls, ["deauthorize"])
    assert.isNull(await Effect.runPromise(storage.get(StorageKey.mobileWalletAuthorization)))
    assert.deepStrictEqual(wallet.accounts, [])
  })
})
