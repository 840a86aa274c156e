/**
 * The sandbox's token list images (ServerOptions.tokenImages): logos drawn for the local tokens and
 * coins, served by the API's token and currency image endpoints.
 */
import { fileURLToPath } from "node:url"
import { sandboxFile } from "../SandboxFiles.ts"

const file = (name: string): string => fileURLToPath(sandboxFile(`tokens/${name}.svg`))

export const sandboxTokenImages: Readonly<Record<string, string>> = {
  USDC: file("usdc"),
  USDT: file("usdt"),
  DAI: file("dai"),
  ETH: file("eth"),
  SOL: file("sol")
}
