import { chromium } from "playwright-core"
import { startRelay } from "../relay/Relay.ts"
import { startStaticServer } from "../web/StaticServer.ts"
import { chromiumArgs, chromiumPath } from "../../test/support/chromium.ts"
const relay = await startRelay({})
const accounts = [
  { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" },
  { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" }]
const config = { projectId: "p", relayUrl: relay.url, apiUrl: "http://127.0.0.1:9", siteUrl: "http://127.0.0.1:9", walletConnectWalletUrl: "http://127.0.0.1:9",
  evm: { chains: [{ chainId: 31337, name: "L", rpcUrl: "http://127.0.0.1:9" }], contracts: {}, accounts },
  solana: { cluster: { rpcUrl: "x", wsUrl: "x", genesisHash: "x", caipNetworkId: "solana:x" }, mints: {}, accounts: [] } }
const server = await startStaticServer({ host: "127.0.0.1", port: 0, root: "/tmp/e/out", config: () => config as never, csp: process.argv[2] === "csp" })
const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] })
const page = await browser.newPage()
page.on("console", (m) => console.log("console:", m.type(), m.text().slice(0, 300)))
page.on("pageerror", (e) => console.log("pageerror:", e.message.slice(0, 500)))
page.on("requestfailed", (r) => console.log("requestfailed:", r.url().slice(0, 200), r.failure()?.errorText))
await page.goto(server.url)
await new Promise((r) => setTimeout(r, 6000))
const { SignClient } = await import("@walletconnect/sign-client")
const dapp = await SignClient.init({ projectId: "p", relayUrl: relay.url, customStoragePrefix: "d", telemetryEnabled: false, logger: "silent", metadata: { name: "D", description: "d", url: "http://d.localhost", icons: [] } })
const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ["eip155:31337"], methods: ["personal_sign"], events: [] } } })
console.log("uri", uri)
await page.getByLabel("WalletConnect URI").fill(uri!)
await page.getByRole("button", { name: "Pair" }).click()
await new Promise((r) => setTimeout(r, 4000))
console.log("TEXT2:", (await page.textContent("body"))?.slice(0, 800))
await page.getByRole("button", { name: "Approve" }).click()
void approval().then((s) => console.log("approved", s.topic), (e) => console.log("approval failed", String(e)))
await new Promise((r) => setTimeout(r, 5000))
console.log("TEXT3:", (await page.textContent("body"))?.slice(0, 800))
console.log("TEXT:", (await page.textContent("body"))?.slice(0, 500))
await browser.close(); await server.stop(); await relay.stop()
