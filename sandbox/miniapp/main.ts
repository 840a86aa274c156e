/**
 * The sandbox's Farcaster client as a mini-app host: it frames the demo site as a mini app, signed in as the
 * demo fid, and gives it the client's own wallet (a demo account the site's injected wallets do not hold)
 * through the mini-app SDK's host side, every signature and transaction shown for approval in this page.
 */
import { demoFarcasterAccount } from "../farcaster/DemoClient.ts"
import { load } from "../SandboxConfig.ts"
import * as Permission from "../wallets/Permission.ts"
import { promptPanel } from "../wallets/PromptPanel.ts"
import { createEvmProvider } from "../wallets/EvmWallet.ts"
import { exposeHost } from "./HostSide.ts"

/** The client's own id as a Farcaster app (clients register an fid of their own). */
const clientFid = 9_152

const element = (id: string): HTMLElement => {
  const found = document.getElementById(id)
  if (found === null) throw new Error(`#${id} is missing from index.html`)
  return found
}

const start = async () => {
  const config = await load()
  const splash = element("splash")
  const account = config.evm.accounts[2] ?? config.evm.accounts[0]
  if (account === undefined) throw new Error("The sandbox configuration has no EVM account")
  const appUrl = new URL(config.siteUrl)
  const wallet = createEvmProvider({
    privateKey: account.privateKey,
    chains: config.evm.chains,
    approve: promptPanel(),
    origin: appUrl.origin,
    // The client's wallet is the signed-in user's own: a mini app sees its account without a prompt.
    permission: Permission.memory(true)
  })
  element("signed-in").textContent = `Signed in as @${demoFarcasterAccount.username} (fid ${demoFarcasterAccount.fid}) · wallet ${account.address}`
  const frame = document.createElement("iframe")
  frame.title = "Mini app"
  frame.src = appUrl.href
  frame.allow = "clipboard-write"
  exposeHost(window, {
    frame,
    miniAppOrigin: appUrl.origin,
    context: {
      user: { fid: demoFarcasterAccount.fid, username: demoFarcasterAccount.username, displayName: demoFarcasterAccount.displayName },
      client: { clientFid, added: false },
      location: { type: "launcher" }
    },
    wallet,
    onReady: () => {
      splash.hidden = true
    }
  })
  // A mini app that never calls ready() (the demo site does not use the SDK) is shown once it loaded.
  frame.addEventListener("load", () => {
    splash.hidden = true
  })
  element("miniapp").append(frame)
}

start().catch((error: unknown) => {
  element("splash").textContent = `The mini-app host failed to start: ${error instanceof Error ? error.message : String(error)}`
})
