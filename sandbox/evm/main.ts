import { startEvmDevnets } from "./EvmDevnet.ts"

// Runs only the two sandbox chains: `node sandbox/evm/main.ts [port1 port2]` (ephemeral ports by default).
const [first = "0", second = "0"] = process.argv.slice(2)
const startedAt = performance.now()
const devnets = await startEvmDevnets({ ports: [Number(first), Number(second)] })
const finishedAt = performance.now()
const seconds = (ms: number) => (ms / 1000).toFixed(2)

for (const chain of devnets.chains) {
  const deployed = devnets.deployment.chains.find((entry) => entry.chainId === chain.chainId)
  console.log(`${chain.name} (chain ${chain.chainId}): ${chain.rpcUrl}  ${deployed?.history.length ?? 0} seeded transactions`)
  for (const [key, address] of Object.entries(deployed?.contracts ?? {})) console.log(`  ${key.padEnd(20)} ${address}`)
}
console.log(`  demo account 0: ${devnets.deployment.accounts[0]?.address}`)
// performance.now() counts from process start, so the second figure includes loading Hardhat and viem.
console.log(`EVM devnets ready in ${seconds(finishedAt - startedAt)} s (${seconds(finishedAt)} s after process start); Ctrl-C stops them.`)

const shutdown = () => {
  void devnets.stop().then(() => process.exit(0))
}
process.once("SIGINT", shutdown)
process.once("SIGTERM", shutdown)
