/**
 * The networks in the modal wear their icons: our server's artwork by image id (GET
 * /public/getAssetImage/{id}), the host's own image when it names one, the name's monogram when the
 * image does not load (our server answers 404 for what it does not draw) or when there is none; a
 * network with the spec's testnet flag is tagged "Testnet" in words.
 */
import { afterEach, describe, expect, it } from "vitest"
import { mainnet, optimism, sepolia } from "viem/chains"
import type { Network } from "../../../core/Network.ts"
import { en } from "../../../ui/i18n/en.ts"
import { expectNoAxeViolations } from "../support/axe.ts"
import { announceTestWallet, type TestWallet } from "../support/TestWallet.ts"
import { connectTestWallet, openModal, renderPortico, until, view } from "../support/render.tsx"

let wallet: TestWallet | undefined

afterEach(() => {
  wallet?.stop()
  wallet = undefined
  localStorage.clear()
})

/** A 1×1 PNG: an image that loads without a server. */
const loads = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

const local: Network = {
  id: 31337,
  caipNetworkId: "eip155:31337",
  chainNamespace: "eip155",
  name: "Portico Local",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: ["http://127.0.0.1:1"] } }
}

const choice = (account: HTMLElement, caipNetworkId: string) =>
  until(() => account.querySelector<HTMLElement>(`[data-network-choice='${caipNetworkId}']`))

describe("network icons", () => {
  it("ask our server for the artwork by image id, fall back to a monogram when it does not load, and tag testnets", async () => {
    wallet = announceTestWallet()
    await renderPortico({ apiUrl: "https://api.invalid", networks: [mainnet, optimism, sepolia, { ...local, assets: { imageUrl: loads } }] })
    await connectTestWallet(wallet)
    await openModal()
    const account = await view("Account")

    // Our server's artwork is asked for by image id; api.invalid never answers, so the monogram shows.
    const ethereum = await choice(account, "eip155:1")
    const failed = await until(() => ethereum.querySelector(".network-icon.monogram"), 10_000)
    expect(failed.getAttribute("data-initial")).toBe("E")
    expect(ethereum.textContent).toBe(`Ethereum${en.networkCurrent}`)

    // The host's own image loads and stays, decorative (the name is next to it).
    const hosted = await choice(account, "eip155:31337")
    const image = await until(() => hosted.querySelector<HTMLImageElement>("img.network-icon"))
    expect(image.getAttribute("src")).toBe(loads)
    expect(image.getAttribute("alt")).toBe("")
    expect(hosted.querySelector("[data-testnet]")).toBeNull()

    // Sepolia carries the testnet flag: tagged in words.
    const test = await choice(account, "eip155:11155111")
    expect(test.querySelector("[data-testnet]")?.textContent).toBe(en.testnet)
    await expectNoAxeViolations()
  })

  it("point at the server's asset image endpoint for a network we draw, and ask nothing for one we do not", async () => {
    wallet = announceTestWallet()
    await renderPortico({ apiUrl: `${location.origin}/no-api`, networks: [mainnet, optimism, local] })
    await connectTestWallet(wallet)
    await openModal()
    const account = await view("Account")
    const sources = () => [...account.querySelectorAll<HTMLImageElement>("[data-network-choice] img.network-icon")].map((img) => img.getAttribute("src"))
    // The first render asks for the artwork (before the answer fails and the monogram replaces it).
    const seen = new Set<string | null>()
    await until(() => {
      sources().forEach((source) => seen.add(source))
      return seen.has(`${location.origin}/no-api/public/getAssetImage/eip155-1`) && seen.has(`${location.origin}/no-api/public/getAssetImage/eip155-10`)
    })
    const unknown = await choice(account, "eip155:31337")
    expect(unknown.querySelector("img")).toBeNull()
    expect(unknown.querySelector(".monogram")?.getAttribute("data-initial")).toBe("P")
  })
})
