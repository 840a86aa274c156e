/**
 * ENS names for the demo accounts on a devnet with ENS (the Ethereum-shaped one): `eth` and `addr.reverse`
 * under the deployer, then for each name a record on the public resolver with the account's address and
 * an `avatar` text record (an inline SVG, as ENSIP-12 allows), and the account's reverse record, so
 * viem's getEnsAddress, getEnsName and getEnsAvatar answer through the Universal Resolver.
 */
import { encodeFunctionData, labelhash, namehash, toHex, type Address } from "viem"
import { ensRegistryAbi, publicResolverAbi } from "./Abi.ts"
import { accountAt, deployerAccount } from "./DemoAccounts.ts"
import { contractOf } from "./SandboxContracts.ts"
import type { SeedStep } from "./SeedSchedule.ts"

type Draft = Omit<SeedStep, "timestamp">

/**
 * The demo names: accounts 1 to 4, each with a reverse record and an avatar. Account 0, the one the demo
 * wallets connect first, has none, so a visitor can register a Portico name for it.
 */
export const demoEnsNames: ReadonlyArray<{ readonly label: string; readonly account: number; readonly hue: number }> = [
  { label: "bob", account: 1, hue: 30 },
  { label: "carol", account: 2, hue: 130 },
  { label: "dave", account: 3, hue: 280 },
  { label: "erin", account: 4, hue: 200 }
]

/** An avatar as a data: URL of a small SVG: a coloured disc with the name's initial. */
export const avatarOf = (label: string, hue: number): string => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${hue} 70% 45%)"/>` +
    `<text x="32" y="42" font-family="sans-serif" font-size="30" text-anchor="middle" fill="#fff">${label.slice(0, 1).toUpperCase()}</text></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
}

export const ensDrafts = (contracts: Readonly<Record<string, Address>>): ReadonlyArray<Draft> => {
  const registry = contractOf(contracts, "ensRegistry")
  const resolver = contractOf(contracts, "ensPublicResolver")
  const deployer = deployerAccount.address
  const root = toHex(0n, { size: 32 })
  const draft = (to: Address, data: `0x${string}`): Draft => ({ kind: "set-record", from: deployer, to, data })
  const subnode = (parent: `0x${string}`, label: `0x${string}`) =>
    draft(registry, encodeFunctionData({ abi: ensRegistryAbi, functionName: "setSubnodeRecord", args: [parent, label, deployer, resolver, 0n] }))
  const drafts: Array<Draft> = [
    draft(registry, encodeFunctionData({ abi: ensRegistryAbi, functionName: "setSubnodeOwner", args: [root, labelhash("eth"), deployer] })),
    draft(registry, encodeFunctionData({ abi: ensRegistryAbi, functionName: "setSubnodeOwner", args: [root, labelhash("reverse"), deployer] })),
    draft(registry, encodeFunctionData({ abi: ensRegistryAbi, functionName: "setSubnodeOwner", args: [namehash("reverse"), labelhash("addr"), deployer] }))
  ]
  for (const { label, account, hue } of demoEnsNames) {
    const name = `${label}.eth`
    const address = accountAt(account).address
    const reverseLabel = address.slice(2).toLowerCase()
    drafts.push(
      subnode(namehash("eth"), labelhash(label)),
      draft(resolver, encodeFunctionData({ abi: publicResolverAbi, functionName: "setAddr", args: [namehash(name), address] })),
      draft(resolver, encodeFunctionData({ abi: publicResolverAbi, functionName: "setText", args: [namehash(name), "avatar", avatarOf(label, hue)] })),
      subnode(namehash("addr.reverse"), labelhash(reverseLabel)),
      draft(resolver, encodeFunctionData({ abi: publicResolverAbi, functionName: "setName", args: [namehash(`${reverseLabel}.addr.reverse`), name] }))
    )
  }
  return drafts
}

