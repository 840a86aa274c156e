// A host page without a framework: Portico's framework-agnostic entry, its custom element, and the
// EIP-1193 provider for the page's own requests. The sandbox serves its configuration next to the page.
import { createPortico, definePorticoElements } from "portico"

const sandbox = await (await fetch("/sandbox-config.json")).json()
const chain = sandbox.evm.chains[0]

const portico = createPortico({
  projectId: sandbox.projectId,
  apiUrl: sandbox.apiUrl,
  relayUrl: sandbox.relayUrl,
  metadata: { name: "Plain HTML example", description: "Portico without a framework", url: location.origin, icons: [] },
  networks: [{
    id: chain.chainId,
    caipNetworkId: `eip155:${chain.chainId}`,
    chainNamespace: "eip155",
    name: chain.name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } }
  }]
})
definePorticoElements(portico)

const status = document.querySelector("[data-testid=status]")
const result = document.querySelector("[data-testid=result]")
const sign = document.querySelector("#sign")
const send = document.querySelector("#send")

const render = (state) => {
  status.textContent = state.isConnected ? `connected ${state.address}` : "disconnected"
  sign.disabled = !state.isConnected
  send.disabled = !state.isConnected
}
render(portico.getState())
portico.subscribe(render)

const toHex = (text) => `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`

sign.addEventListener("click", async () => {
  const { address } = portico.getState()
  try {
    result.textContent = `signature ${await portico.evmProvider.request({ method: "personal_sign", params: [toHex("Hello from a host page"), address] })}`
  } catch (error) {
    result.textContent = `error ${error.message}`
  }
})

send.addEventListener("click", async () => {
  const { address } = portico.getState()
  try {
    const hash = await portico.evmProvider.request({
      method: "eth_sendTransaction",
      params: [{ from: address, to: sandbox.evm.accounts[1].address, value: "0x2386f26fc10000" }]
    })
    result.textContent = `sent ${hash}`
  } catch (error) {
    result.textContent = `error ${error.message}`
  }
})
