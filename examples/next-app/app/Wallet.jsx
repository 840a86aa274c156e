"use client"
// The client part: Portico's provider and button (rendered on the server as well), the visitor's sign-in
// (Portico's server verifies it), and the page's own code signing and sending through Portico's EIP-1193
// provider.
import { useState } from "react"
import { ConnectButton, PorticoProvider, useAccount, useEvmProvider, useSignIn } from "portico/react"

const toHex = (text) => `0x${[...new TextEncoder().encode(text)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`

function Actions({ receiver }) {
  const account = useAccount()
  const signIn = useSignIn()
  const provider = useEvmProvider()
  const [result, setResult] = useState("")
  const run = (action) => () => action().then(setResult, (error) => setResult(`error ${error.message}`))
  return (
    <>
      <p data-testid="status">{account.isConnected ? `connected ${account.address}` : "disconnected"}</p>
      <p data-testid="signin">{signIn.isSignedIn ? "signed in" : "not signed in"}</p>
      <button type="button" disabled={!account.isConnected} onClick={run(async () =>
        `signature ${await provider.request({ method: "personal_sign", params: [toHex("Hello from a host page"), account.address] })}`)}>
        Sign message
      </button>
      <button type="button" disabled={!account.isConnected} onClick={run(async () =>
        `sent ${await provider.request({ method: "eth_sendTransaction", params: [{ from: account.address, to: receiver, value: "0x2386f26fc10000" }] })}`)}>
        Send 0.01 ETH
      </button>
      <p data-testid="result">{result}</p>
    </>
  )
}

export function Wallet({ config, receiver }) {
  return (
    <PorticoProvider config={config}>
      <ConnectButton />
      <Actions receiver={receiver} />
    </PorticoProvider>
  )
}
