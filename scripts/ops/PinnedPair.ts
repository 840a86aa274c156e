/**
 * A dapp and a wallet on different relay processes, both through the balancer, both Portico's own Sign
 * client: the dapp proposes, the wallet pairs and approves, then the dapp asks for `personal_sign` and
 * `eth_sendTransaction`. The wallet signs with Hardhat's first test account; for a send it signs the
 * transaction and answers its hash (keccak256 of the signed transaction, what a node would answer), which
 * is enough to prove the request/response round trip without a chain.
 */
import { keccak256, parseEther, stringToHex, verifyMessage, type Hex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import * as Storage from "../../core/Storage.ts"
import * as SignClient from "../../core/walletconnect/SignClient.ts"
import { accountAt } from "../../sandbox/evm/DemoAccounts.ts"
import type { ReconnectTally } from "./ReconnectTally.ts"
import { pinnedSocket } from "./RelayPin.ts"

const account = privateKeyToAccount(accountAt(0).privateKey)
const chain = "eip155:31337"
const methods = ["personal_sign", "eth_sendTransaction"]
const receiver = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

export interface PinnedPair {
  /** Whether a personal_sign of `message` came back signed by the wallet's account. */
  readonly signs: (message: string) => Promise<boolean>
  /** Whether an eth_sendTransaction came back with the hash of the transaction the wallet signed. */
  readonly sends: () => Promise<boolean>
  readonly close: () => void
}

/** A step that never ends means a message was lost between the processes: it fails instead of hanging the run. */
const within = <A>(what: string, promise: Promise<A>, ms = 60_000): Promise<A> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms / 1000} s`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })

/** The wallet's answer to a request: a signature, or the hash of the signed transaction (kept in `sent`). */
const answer = async (method: string, params: ReadonlyArray<unknown>, sent: Set<Hex>): Promise<Hex> => {
  if (method === "personal_sign") return account.signMessage({ message: { raw: params[0] as Hex } })
  const call = params[0] as { readonly to: Hex; readonly value: Hex }
  const signed = await account.signTransaction({
    chainId: 31337, to: call.to, value: BigInt(call.value), nonce: 0, gas: 21_000n, maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000n
  })
  const hash = keccak256(signed)
  sent.add(hash)
  return hash
}

/** Pairs a dapp on relay process `dappProcess` and a wallet on `walletProcess`, both at `relayUrl`. */
export const pairPinned = async (relayUrl: string, dappProcess: number, walletProcess: number, reconnects: ReconnectTally): Promise<PinnedPair> => {
  const side = (role: "dapp" | "wallet", pin: number) =>
    SignClient.make({
      role,
      relayUrl,
      projectId: "multiprocess",
      metadata: { name: `multiprocess ${role}`, description: role, url: `https://${role}.example.com`, icons: [] },
      storage: Storage.serviceOf(Storage.layerMemory),
      openSocket: pinnedSocket(pin),
      onRelayStatus: reconnects.listener()
    })
  const [dapp, wallet] = await Promise.all([side("dapp", dappProcess), side("wallet", walletProcess)])
  const sent = new Set<Hex>()
  const proposed = new Promise<number>((resolve) => {
    wallet.subscribe((event) => {
      if (event._tag === "SessionProposal") resolve(event.proposal.id)
      if (event._tag !== "SessionRequest") return
      const { method, params } = event.params.request
      void answer(method, params as ReadonlyArray<unknown>, sent)
        .then((result) => wallet.respond(event.topic, event.id, { result }))
        .catch(() => undefined)
    })
  })
  const { uri, approval } = await dapp.propose({
    optionalNamespaces: { eip155: { chains: [chain], methods, events: ["chainChanged"] } },
    expiryTimestamp: Math.floor(Date.now() / 1000) + 300
  })
  await wallet.pair(uri)
  await wallet.approve(await within("the session proposal", proposed), { eip155: { chains: [chain], methods, events: ["chainChanged"], accounts: [`${chain}:${account.address}`] } })
  const { topic } = await within("the session settlement", approval)
  return {
    signs: async (message) => {
      const signature = await within("personal_sign", dapp.request(topic, chain, { method: "personal_sign", params: [stringToHex(message), account.address] }))
      return typeof signature === "string" && verifyMessage({ address: account.address, message, signature: signature as Hex })
    },
    sends: async () => {
      const request = { method: "eth_sendTransaction", params: [{ from: account.address, to: receiver, value: `0x${parseEther("0.01").toString(16)}` }] }
      const hash = await within("eth_sendTransaction", dapp.request(topic, chain, request))
      return typeof hash === "string" && sent.has(hash as Hex)
    },
    close: () => {
      dapp.close()
      wallet.close()
    }
  }
}
