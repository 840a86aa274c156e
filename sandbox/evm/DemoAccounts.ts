import type { Address, Hex } from "viem"

/** Hardhat's default mnemonic: every wallet and tool knows its accounts, and they are worthless off this machine. */
export const demoMnemonic = "test test test test test test test test test test test junk"

export interface DemoAccount {
  /** Index on the path m/44'/60'/0'/0/{index}. */
  readonly index: number
  readonly address: Address
  readonly privateKey: Hex
}

// The first ten accounts of the mnemonic (test/sandbox/evmAccounts.test.ts derives them again to prove it).
export const demoAccounts: ReadonlyArray<DemoAccount> = [
  ["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"],
  ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"],
  ["0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a"],
  ["0x90F79bf6EB2c4f870365E785982E1f101E93b906", "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6"],
  ["0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a"],
  ["0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc", "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba"],
  ["0x976EA74026E726554dB657fA54763abd0C3a0aa9", "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e"],
  ["0x14dC79964da2C08b23698B3D3cc7Ca32193d9955", "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356"],
  ["0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f", "0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97"],
  ["0xa0Ee7A142d267C1f36714E4a8F75612F20a79720", "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6"]
].map(([address, privateKey], index) => ({ index, address: address as Address, privateKey: privateKey as Hex }))

export const accountAt = (index: number): DemoAccount => {
  const account = demoAccounts[index]
  if (account === undefined) throw new RangeError(`no demo account ${index}`)
  return account
}

/** Account 9 deploys every contract, so accounts 0..8 keep user-like histories and account 0 leads. */
export const deployerAccount: DemoAccount = accountAt(9)

/** The accounts that act as users in the seeded history; account 0 is the one demo wallets show first. */
export const userAccounts: ReadonlyArray<DemoAccount> = demoAccounts.slice(0, 9)

/**
 * Account 11 of the mnemonic (Hardhat unlocks accounts 0 to 19): the oracle network's transmitter, the
 * only account that may answer the sandbox's price feeds. Its key is derived from the public mnemonic.
 */
export const oracleAccount: DemoAccount = {
  index: 11,
  address: "0x71bE63f3384f5fb98995898A86B02Fb2426c5788",
  privateKey: "0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82"
}

/**
 * Account 16 of the mnemonic (Hardhat funds it on every devnet): the API server's smart-sessions relayer,
 * which sends the revocations visitors sign (`sessions.relayerKey`). Its key is derived from the public mnemonic.
 */
export const sessionsRelayerAccount: DemoAccount = {
  index: 16,
  address: "0x2546BcD3c84621e976D8185a91A922aE77ECEc30",
  privateKey: "0xea6c44ac03bff858b476bba40716402b03e41b8e97e276d1baec7c37d42484a0"
}
