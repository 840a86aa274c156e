// The app's end-to-end test, written as a host writes one with portico/testing (docs/hosts.md, "Testing
// your app"): a sandbox of its own on free ports, the built app served by `vite preview` under a strict
// Content-Security-Policy with the sandbox's configuration beside it, the demo wallet injected and
// driven through Portico's modal, wagmi's hooks signing and sending. `npm test` builds and runs it.
import assert from "node:assert/strict"
import { spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { after, before, test } from "node:test"
import { chromium } from "playwright-core"
import { connect, injectWallets, startSandbox } from "portico/testing"
import { createPublicClient, http, verifyMessage } from "viem"

let sandbox
let preview
let browser
let appUrl

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })

before(async () => {
  sandbox = await startSandbox({ ports: "ephemeral" })
  // main.jsx reads the sandbox's URLs at start: this run's, beside the build.
  writeFileSync("dist/sandbox-config.json", JSON.stringify(sandbox.config))
  const port = await freePort()
  appUrl = `http://127.0.0.1:${port}/`
  // vite itself, not through npx: killing npx would leave vite serving.
  preview = spawn("node_modules/.bin/vite", ["preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], { stdio: "inherit" })
  while (!(await fetch(appUrl).then((response) => response.ok, () => false))) await new Promise((wake) => setTimeout(wake, 200))
  // Playwright's own Chromium, or the one CHROMIUM_PATH names (Portico's CI uses Debian's).
  browser = await chromium.launch(process.env.CHROMIUM_PATH ? { executablePath: process.env.CHROMIUM_PATH, args: ["--no-sandbox"] } : {})
})

after(async () => {
  await browser?.close()
  preview?.kill()
  await sandbox?.stop()
})

test("connects the demo wallet through Portico, then signs and sends with wagmi's hooks", async () => {
  const page = await browser.newPage()
  const problems = []
  page.on("pageerror", (error) => problems.push(error.message))
  // The page runs under vite.config.js's strict policy: a refused script, style or request shows here.
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
  })
  await injectWallets(page, { config: sandbox.config })
  await page.goto(appUrl)
  await page.getByTestId("status").getByText("disconnected").waitFor()

  await connect(page)
  const [account, recipient] = sandbox.config.evm.accounts
  await page.getByTestId("status").getByText(`connected ${account.address}`).waitFor()

  await page.getByRole("button", { name: "Sign message" }).click()
  const signed = await page.getByTestId("result").getByText(/^signature 0x/).textContent()
  const signature = signed.slice("signature ".length)
  assert.equal(await verifyMessage({ address: account.address, message: "Hello from a host page", signature }), true)

  await page.getByRole("button", { name: "Send 0.01 ETH" }).click()
  const sent = await page.getByTestId("result").getByText(/^sent 0x/).textContent({ timeout: 20_000 })
  const chain = createPublicClient({ transport: http(sandbox.config.evm.chains[0].rpcUrl) })
  const receipt = await chain.waitForTransactionReceipt({ hash: sent.slice("sent ".length) })
  assert.equal(receipt.status, "success")
  assert.equal(receipt.to, recipient.address.toLowerCase())

  // wagmi's reconnect finds the session Portico restored, without a prompt.
  await page.reload()
  await page.getByTestId("status").getByText(`connected ${account.address}`).waitFor({ timeout: 20_000 })
  assert.deepEqual(problems, [])
})
