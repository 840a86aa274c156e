/**
 * Atomic `wallet_sendCalls` for the EVM demo wallet (EIP-5792 `atomic`, through EIP-7702): the account
 * delegates its code to a small batch executor for one type-4 transaction to itself, so every call of the
 * bundle runs inside that one transaction and a failing call reverts them all; then it clears the
 * delegation again, so the account is a plain account between bundles.
 *
 * The executor is the runtime below, written for this wallet (assembly alongside). Its calldata is the
 * calls back to back, each `to` (20 bytes) · `value` (32) · `length` (32) · `data` (length bytes). It runs
 * only for the account itself (CALLER == ADDRESS), accepts plain value transfers (empty calldata), and
 * on a failed call reverts with that call's revert data.
 *
 *   CALLDATASIZE ISZERO PUSH1 done JUMPI          ; plain transfer: accept
 *   CALLER ADDRESS EQ PUSH1 ok JUMPI PUSH0 PUSH0 REVERT
 *   ok:   JUMPDEST PUSH0                          ; i = 0
 *   loop: JUMPDEST DUP1 CALLDATASIZE GT PUSH1 body JUMPI
 *   done: JUMPDEST STOP
 *   body: JUMPDEST
 *         DUP1 CALLDATALOAD PUSH1 96 SHR           ; to
 *         DUP2 PUSH1 20 ADD CALLDATALOAD           ; value
 *         DUP3 PUSH1 52 ADD CALLDATALOAD           ; length
 *         DUP1 DUP5 PUSH1 84 ADD PUSH0 CALLDATACOPY ; data to memory 0
 *         PUSH0 PUSH0 DUP3 PUSH0 DUP6 DUP8 GAS CALL ; call(gas, to, value, 0, length, 0, 0)
 *         ISZERO PUSH1 fail JUMPI
 *         SWAP2 POP POP ADD PUSH1 84 ADD PUSH1 loop JUMP ; i += 84 + length
 *   fail: JUMPDEST RETURNDATASIZE PUSH0 PUSH0 RETURNDATACOPY RETURNDATASIZE PUSH0 REVERT
 */
import {
  concat,
  type Account,
  type Chain,
  type Hex,
  type PublicClient,
  size,
  toHex,
  type WalletClient,
  zeroAddress
} from "viem"

export const executorRuntime: Hex =
  "0x3615601757333014600e575f5ffd5b5f5b8036116019575b005b803560601c8160140135826034013580846054015f375f5f825f85875af115604657915050016054016010565b3d5f5f3e3d5ffd"

/** Init code: copy the runtime after these 10 bytes into memory and return it. */
const executorInitCode = (): Hex => {
  const length = toHex(size(executorRuntime), { size: 1 })
  return concat([`0x60${length.slice(2)}600a5f3960${length.slice(2)}5ff3`, executorRuntime])
}

export interface BatchCall {
  readonly to: Hex
  readonly value: bigint
  readonly data: Hex
}

/** The executor's calldata for `calls`. */
export const encodeBatch = (calls: ReadonlyArray<BatchCall>): Hex =>
  concat(calls.flatMap((call) => [call.to, toHex(call.value, { size: 32 }), toHex(size(call.data), { size: 32 }), call.data]))

export interface AtomicSender {
  /** Sends the calls as one transaction and answers its hash once mined (the delegation is cleared after). */
  readonly send: (calls: ReadonlyArray<BatchCall>) => Promise<Hex>
}

export const makeAtomicSender = (wallet: WalletClient, reader: PublicClient, account: Account, chain: Chain): AtomicSender => {
  let executor: Promise<Hex> | undefined
  // Deployed by the account on first use, once per chain and page.
  const deployed = () => {
    executor ??= wallet.sendTransaction({ account, chain, data: executorInitCode() }).then(async (hash) => {
      const receipt = await reader.waitForTransactionReceipt({ hash })
      if (receipt.contractAddress === null || receipt.contractAddress === undefined) throw new Error("The batch executor was not deployed")
      return receipt.contractAddress
    })
    return executor
  }
  const delegateTo = (contractAddress: Hex) => wallet.signAuthorization({ account, chainId: chain.id, contractAddress, executor: "self" })
  return {
    send: async (calls) => {
      const authorization = await delegateTo(await deployed())
      const hash = await wallet.sendTransaction({ account, chain, to: account.address, data: encodeBatch(calls), authorizationList: [authorization] })
      await reader.waitForTransactionReceipt({ hash })
      const clear = await delegateTo(zeroAddress)
      await reader.waitForTransactionReceipt({
        hash: await wallet.sendTransaction({ account, chain, to: account.address, authorizationList: [clear] })
      })
      return hash
    }
  }
}
