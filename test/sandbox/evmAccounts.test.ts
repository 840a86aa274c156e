import { toHex } from "viem"
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { demoAccounts, demoMnemonic, deployerAccount, oracleAccount, sessionsRelayerAccount } from "../../sandbox/evm/DemoAccounts.ts"

describe("demo accounts", () => {
  it("are accounts 0..9 of Hardhat's default mnemonic, keys and addresses alike, the oracle is account 11 and the sessions relayer 16", () => {
    expect(demoAccounts).toHaveLength(10)
    expect(oracleAccount.index).toBe(11)
    expect(sessionsRelayerAccount.index).toBe(16)
    for (const account of [...demoAccounts, oracleAccount, sessionsRelayerAccount]) {
      const derived = mnemonicToAccount(demoMnemonic, { addressIndex: account.index })
      const privateKey = derived.getHdKey().privateKey
      expect(privateKey && toHex(privateKey)).toBe(account.privateKey)
      expect(derived.address).toBe(account.address)
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address)
    }
  })

  it("deploy from account 9, leaving account 0 to act as a user", () => {
    expect(deployerAccount).toBe(demoAccounts[9])
  })
})
