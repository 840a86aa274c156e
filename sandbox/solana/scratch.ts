import { Chain } from "./Chain.ts"
import { seed, GENESIS_HASH, SEED_HISTORY_SECONDS } from "./Seed.ts"
const t0 = performance.now()
const now = Math.floor(Date.now() / 1000)
const chain = new Chain(GENESIS_HASH, now - SEED_HISTORY_SECONDS)
const s = await seed(chain, now)
console.log(performance.now() - t0, chain.slot, JSON.stringify(s.deployment, (_k, v) => typeof v === "bigint" ? v.toString() : Array.isArray(v) && v.length === 64 ? "<secret>" : v, 1))
const e = chain.ledger.get(s.deployment.seededSignatures.at(-2)!)!
console.log(e.preTokenBalances, e.postTokenBalances, e.fee, e.preBalances, e.postBalances, e.blockTime, e.slot)
