/**
 * What docs/hosts.md tells a host to configure its app with for the sandbox, and to install for it,
 * is what `startSandbox` does: a test written from the page alone then runs.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { defaultPorts } from "../../sandbox/Sandbox.ts"
import { projectId } from "../../sandbox/SandboxConfig.ts"
import { evmChainSpecs } from "../../sandbox/evm/EvmDevnet.ts"
import { CAIP_NETWORK_ID } from "../../sandbox/solana/Seed.ts"
import { sandboxTools } from "../../testing/SandboxTools.ts"

const page = readFileSync(new URL("../../docs/hosts.md", import.meta.url), "utf8")
const section = page.slice(page.indexOf("## Testing your app"), page.indexOf("## Package checks"))
const row = (what: string): string => section.split("\n").find((line) => line.startsWith(`| ${what}`)) ?? ""

describe("docs/hosts.md, testing with portico/testing", () => {
  it("names the sandbox's fixed URLs, chains and project", () => {
    expect(row("`projectId`")).toContain(`"${projectId}"`)
    expect(row("`apiUrl`")).toContain(`http://127.0.0.1:${defaultPorts.api}`)
    expect(row("`relayUrl`")).toContain(`ws://127.0.0.1:${defaultPorts.relay}`)
    expect(row("EVM chain")).toContain(evmChainSpecs.map((chain) => chain.chainId).join(", "))
    expect(row("EVM chain")).toContain(defaultPorts.evm.map((port) => `http://127.0.0.1:${port}`).join("`, `"))
    expect(row("Solana")).toContain(`\`${CAIP_NETWORK_ID}\` at \`http://127.0.0.1:${defaultPorts.solana}\``)
    for (const port of [defaultPorts.site, defaultPorts.wallet, defaultPorts.onramp, defaultPorts.smtp, defaultPorts.mailbox, defaultPorts.oidc, defaultPorts.oauth, defaultPorts.explorer, ...defaultPorts.bundlers, defaultPorts.paymaster, defaultPorts.farcaster, defaultPorts.miniApp]) {
      expect(row("Taken by the sandbox")).toContain(String(port))
    }
  })

  it("installs every tool the sandbox needs", () => {
    expect(section).toContain(`npm install --save-dev playwright ${sandboxTools.map((tool) => tool.name).join(" ")}`)
  })
})
