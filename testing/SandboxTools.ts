/**
 * The packages the sandbox runs on that Portico does not install for every host: the EVM devnets
 * (Hardhat's EDR), the Solana devnet (LiteSVM), the mail server and the identity provider, the
 * WebSocket server of the relay, and Portico's own server's (its HTTP server, databases, mail, OpenID
 * and metrics clients, which `portico-server` carries for a deployment). They are the package's optional
 * peers, so `npm install portico` pulls nothing server-only: a host installs them next to Portico to use
 * `startSandbox`. The package build (scripts/package/sandbox.ts) fails when the sandbox
 * imports a package that is neither a dependency nor one of these.
 */
import { missingPackageOf } from "./SandboxUnavailableError.ts"

export interface SandboxTool {
  /** The package to install. */
  readonly name: string
  /** The module the sandbox imports from it. */
  readonly entry: string
}

export const sandboxTools: ReadonlyArray<SandboxTool> = [
  { name: "hardhat", entry: "hardhat/hre" },
  { name: "litesvm", entry: "litesvm" },
  { name: "smtp-server", entry: "smtp-server" },
  { name: "mailparser", entry: "mailparser" },
  { name: "oidc-provider", entry: "oidc-provider" },
  { name: "ws", entry: "ws" },
  { name: "@effect/platform-node", entry: "@effect/platform-node/NodeHttpServer" },
  { name: "@electric-sql/pglite", entry: "@electric-sql/pglite" },
  { name: "jose", entry: "jose" },
  { name: "nodemailer", entry: "nodemailer" },
  { name: "openid-client", entry: "openid-client" },
  { name: "pg", entry: "pg" },
  { name: "prom-client", entry: "prom-client" }
]

/** The tools that cannot be loaded from here: not installed, or installed without what they need. */
export const missingSandboxTools = async (tools: ReadonlyArray<SandboxTool> = sandboxTools): Promise<ReadonlyArray<string>> => {
  const probes = await Promise.all(
    tools.map((tool) =>
      import(tool.entry).then(
        () => undefined,
        (cause: unknown) => {
          if (missingPackageOf(cause) === undefined) throw cause
          return tool.name
        }
      )
    )
  )
  return probes.filter((name) => name !== undefined)
}

/** The command that installs the missing tools. */
export const installCommand = (missing: ReadonlyArray<string>): string => `npm install --save-dev ${missing.join(" ")}`
