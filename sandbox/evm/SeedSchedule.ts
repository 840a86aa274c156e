import { encodeDeployData, encodeFunctionData, type Address, type Hex } from "viem"
import { collectionAbi, legacyTokenAbi, tokenAbi } from "./Abi.ts"
import type { CompiledContracts } from "./Compile.ts"
import { accountAt, deployerAccount, userAccounts } from "./DemoAccounts.ts"
import { ensDrafts } from "./EnsSeed.ts"
import { feedDrafts, liquidityDrafts, v2Swap } from "./MarketSeed.ts"
import type { NetworkShape } from "./NetworkShapes.ts"
import { chainContracts, contractOf, deploymentPlan } from "./SandboxContracts.ts"
import type { SeededKind } from "./SeededHistory.ts"

/** One transaction of the seeding, mined alone in a block at `timestamp` (unix seconds). */
export interface SeedStep {
  readonly timestamp: number
  readonly kind: SeededKind
  readonly from: Address
  readonly to: Address | null
  readonly data?: Hex
  readonly value?: bigint
}

export interface SeedSchedule {
  /** Unix seconds for the genesis block: before every step. */
  readonly genesisTimestamp: number
  readonly steps: ReadonlyArray<SeedStep>
}

/** "primary" is chain 31337 with the full history; "secondary" gets the same contracts and a thinner one. */
export type SeedVariant = "primary" | "secondary"

/** How many calendar months of history end in the current one. */
export const historyMonths = 24

const day = 86_400
const deployer = deployerAccount.address
const user = (index: number): Address => accountAt(index).address

// A fixed-seed PRNG (mulberry32): amounts and days are the same on every start.
const random = (seed: number) => {
  let state = seed >>> 0
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** `amount` whole units with two decimals of noise, in base units of a token with `decimals`. */
const units = (amount: number, decimals: number): bigint => BigInt(Math.round(amount * 100)) * 10n ** BigInt(decimals - 2)

const call = (data: Hex) => ({ data })
const transferToken = (to: Address, value: bigint) =>
  call(encodeFunctionData({ abi: tokenAbi, functionName: "transfer", args: [to, value] }))
const transferLegacy = (to: Address, value: bigint) =>
  call(encodeFunctionData({ abi: legacyTokenAbi, functionName: "transfer", args: [to, value] }))
const mintToken = (to: Address, value: bigint) =>
  call(encodeFunctionData({ abi: tokenAbi, functionName: "mint", args: [to, value] }))
const mintNft = (to: Address) => call(encodeFunctionData({ abi: collectionAbi, functionName: "mint", args: [to] }))
const airdrop = (recipients: ReadonlyArray<Address>) =>
  call(encodeFunctionData({ abi: collectionAbi, functionName: "mintBatch", args: [recipients] }))
const sendNft = (from: Address, to: Address, tokenId: bigint) =>
  call(encodeFunctionData({ abi: collectionAbi, functionName: "safeTransferFrom", args: [from, to, tokenId] }))

type Draft = Omit<SeedStep, "timestamp">

/** The addresses a chain's schedule uses. */
interface ChainAddresses {
  readonly contracts: Readonly<Record<string, Address>>
  readonly usdc: Address
  readonly usdt: Address
  readonly dai: Address
  readonly nft: Address
  readonly spamNft: Address
}

const addressesOf = (shape: NetworkShape): ChainAddresses => {
  const contracts = chainContracts(shape)
  const [usdc, usdt, dai, nft, spamNft] = ["usdc", "usdt", "dai", "nft", "spamNft"].map((key) => contractOf(contracts, key)) as [Address, Address, Address, Address, Address]
  return { contracts, usdc, usdt, dai, nft, spamNft }
}

/** Deploys, answers the feeds, funds every user with each token, fills the pools, names the demo accounts. */
const setup = (compiled: CompiledContracts, variant: SeedVariant, shape: NetworkShape, at: ChainAddresses): ReadonlyArray<Draft> => {
  const deploys = deploymentPlan.map(({ contract, args }): Draft => {
    const { abi, bytecode } = compiled[contract]
    return { kind: "deploy", from: deployer, to: null, data: encodeDeployData({ abi, bytecode, args: [...args()] }) }
  })
  const funded = variant === "primary" ? userAccounts : userAccounts.slice(0, 4)
  const mints = [deployer, ...funded.map((account) => account.address)].flatMap((holder): ReadonlyArray<Draft> => {
    const scale = holder === deployer ? 10_000 : 1
    return [
      { kind: "mint-token", from: deployer, to: at.usdc, ...mintToken(holder, units(10_000 * scale, 6)) },
      { kind: "mint-token", from: deployer, to: at.usdt, ...mintToken(holder, units(10_000 * scale, 6)) },
      { kind: "mint-token", from: deployer, to: at.dai, ...mintToken(holder, units(10_000 * scale, 18)) }
    ]
  })
  const names = shape.ens === undefined ? [] : ensDrafts(at.contracts)
  // A token on no list: the first two users hold some (token discovery finds it, flagged unverified).
  const unlisted: ReadonlyArray<Draft> = [user(0), user(1)].map((holder, index) => ({
    kind: "mint-token",
    from: deployer,
    to: contractOf(at.contracts, "points"),
    ...mintToken(holder, units(1_250 - index * 500, 18))
  }))
  return [...deploys, ...feedDrafts(shape, at.contracts), ...mints, ...liquidityDrafts(compiled, at.contracts), ...names, ...unlisted]
}

/** What happens in month `month` (0 = oldest): paydays, sends, swaps, NFT mints and moves, spam drops. */
const monthOfActivity = (
  at: ChainAddresses,
  month: number,
  next: () => number,
  variant: SeedVariant,
  nfts: { minted: number; ownedBy0: Array<bigint> }
): ReadonlyArray<Draft> => {
  const between = (low: number, high: number) => low + next() * (high - low)
  // next() < 1, so the index is always in range.
  const pick = <T>(items: ReadonlyArray<T>): T => items[Math.floor(next() * items.length)] as T
  if (variant === "secondary") {
    const drafts: Array<Draft> = []
    if (month % 2 === 0) {
      drafts.push({ kind: "send-token", from: deployer, to: at.usdc, ...transferToken(user(0), units(between(300, 900), 6)) })
    }
    drafts.push({ kind: "send-native", from: user(0), to: pick([user(1), user(2)]), value: units(between(0.01, 0.4), 18) })
    return drafts
  }
  const drafts: Array<Draft> = [
    { kind: "send-token", from: deployer, to: at.usdc, ...transferToken(user(0), units(between(2_500, 4_000), 6)) },
    { kind: "send-token", from: deployer, to: at.usdc, ...transferToken(user(1), units(between(1_800, 3_000), 6)) },
    { kind: "send-native", from: user(0), to: pick([user(1), user(2), user(3), user(4)]), value: units(between(0.02, 1.2), 18) },
    { kind: "send-token", from: user(1), to: at.usdc, ...transferToken(user(0), units(between(20, 300), 6)) }
  ]
  if (month % 2 === 1) {
    drafts.push({ kind: "send-token", from: user(0), to: at.dai, ...transferToken(user(2), units(between(50, 500), 18)) })
  }
  if (month % 2 === 0) {
    drafts.push(...v2Swap(at.contracts, user(0), [at.usdc, at.dai], units(between(100, 800), 6)))
  }
  if (month % 4 === 1) {
    drafts.push(...v2Swap(at.contracts, user(0), [at.dai, at.usdc], units(between(100, 600), 18)))
    drafts.push(...v2Swap(at.contracts, user(1), [at.usdc, at.dai], units(between(50, 400), 6)))
  }
  if (month % 3 === 0) {
    drafts.push({ kind: "send-token", from: user(2), to: at.usdt, ...transferLegacy(user(0), units(between(100, 900), 6)) })
    drafts.push({ kind: "send-token", from: user(0), to: at.usdt, ...transferLegacy(user(3), units(between(50, 300), 6)) })
    drafts.push({ kind: "send-native", from: user(3), to: user(0), value: units(between(0.05, 0.5), 18) })
  }
  const mintTo = (to: Address): Draft => {
    nfts.minted += 1
    if (to === user(0)) nfts.ownedBy0.push(BigInt(nfts.minted))
    return { kind: "mint-nft", from: deployer, to: at.nft, ...mintNft(to) }
  }
  if (month === 0) drafts.push(mintTo(user(0)), mintTo(user(1)), mintTo(user(2)))
  if (month % 4 === 2) drafts.push(mintTo(user(0)))
  if (month % 6 === 5) {
    const tokenId = nfts.ownedBy0.shift()
    if (tokenId !== undefined) drafts.push({ kind: "send-nft", from: user(0), to: at.nft, ...sendNft(user(0), user(1), tokenId) })
  }
  if ([3, 8, 13, 18, 22].includes(month)) {
    drafts.push({ kind: "airdrop-nft", from: deployer, to: at.spamNft, ...airdrop(userAccounts.slice(0, 6).map((a) => a.address)) })
  }
  return drafts
}

const monthStart = (now: Date, monthsBack: number): number =>
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1) / 1000

/**
 * The whole seeding of one chain: setup two days before the oldest month, then each month's activity on
 * distinct days between its 2nd and 27th, every step strictly later than the one before and at least
 * an hour before `now` (steps that would fall later in the current month are dropped).
 */
export const seedSchedule = (options: {
  readonly now: Date
  readonly compiled: CompiledContracts
  readonly variant: SeedVariant
  readonly shape: NetworkShape
}): SeedSchedule => {
  const at = addressesOf(options.shape)
  const next = random(options.variant === "primary" ? 0x9047_1c0 : 0x9047_1c2)
  const genesisTimestamp = monthStart(options.now, historyMonths - 1) - 2 * day
  const latest = Math.floor(options.now.getTime() / 1000) - 3600
  const steps: Array<SeedStep> = setup(options.compiled, options.variant, options.shape, at).map((draft, index) => ({
    ...draft,
    timestamp: genesisTimestamp + 3600 + index * 15
  }))
  const nfts = { minted: 0, ownedBy0: [] as Array<bigint> }
  for (let month = 0; month < historyMonths; month++) {
    const start = monthStart(options.now, historyMonths - 1 - month)
    const drafts = monthOfActivity(at, month, next, options.variant, nfts)
    const days = drafts.map((_, index) => 1 + Math.floor(((index + next()) / drafts.length) * 26))
    drafts.forEach((draft, index) => {
      const previous = steps.at(-1)?.timestamp ?? genesisTimestamp
      const planned = start + (days[index] ?? 1) * day + Math.floor((8 + next() * 12) * 3600)
      const timestamp = Math.max(planned, previous + 60)
      if (timestamp <= latest) steps.push({ ...draft, timestamp })
    })
  }
  return { genesisTimestamp, steps }
}
