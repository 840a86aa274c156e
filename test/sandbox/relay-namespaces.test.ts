/**
 * Which namespaces the WalletConnect demo wallet approves for a proposal, and what it shows of one: decoded
 * with a Schema, EVM only, sandbox chains only, icons limited to http(s) URLs.
 */
import * as Result from "effect/Result"
import { describe, expect, it } from "vitest"
import { approvedNamespaces, describeProposal, supportedMethods } from "../../sandbox/wc-wallet/Namespaces.ts"

const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const wallet = { chainIds: [31337, 31338], address }

const proposal = (namespaces: { required?: object; optional?: object }, icons: ReadonlyArray<string> = []) => ({
  id: 1,
  proposer: { publicKey: "ab", metadata: { name: "Dapp", description: "A dapp", url: "https://dapp.example", icons } },
  requiredNamespaces: namespaces.required ?? {},
  optionalNamespaces: namespaces.optional ?? {}
})

const evm = (chains: ReadonlyArray<string>) => ({ eip155: { chains, methods: ["personal_sign"], events: ["chainChanged"] } })

describe("approvedNamespaces", () => {
  it("approves the requested sandbox chains with the demo account on each", () => {
    const approved = approvedNamespaces(proposal({ optional: evm(["eip155:31338", "eip155:1"]) }), wallet)
    expect(approved).toEqual(
      Result.succeed({
        eip155: {
          chains: ["eip155:31338"],
          accounts: [`eip155:31338:${address}`],
          methods: [...supportedMethods],
          events: ["chainChanged", "accountsChanged"]
        }
      })
    )
  })

  it("reads chains from CAIP-2 namespace keys such as eip155:31337", () => {
    const approved = approvedNamespaces(
      proposal({ optional: { "eip155:31337": { methods: ["personal_sign"], events: [] } } }),
      wallet
    )
    expect(Result.map(approved, (namespaces) => namespaces.eip155?.chains)).toEqual(Result.succeed(["eip155:31337"]))
  })

  it("offers every sandbox chain when the dapp asked for none the wallet has", () => {
    const approved = approvedNamespaces(proposal({ optional: evm(["eip155:1"]) }), wallet)
    expect(Result.map(approved, (namespaces) => namespaces.eip155?.chains)).toEqual(
      Result.succeed(["eip155:31337", "eip155:31338"])
    )
  })

  it("refuses required chains it does not have (5100), required foreign namespaces (5104), and proposals it can serve nothing of", () => {
    expect(approvedNamespaces(proposal({ required: evm(["eip155:1"]) }), wallet)).toMatchObject(
      Result.fail({ code: 5100 })
    )
    const solana = { solana: { chains: ["solana:abc"], methods: ["solana_signMessage"], events: [] } }
    const cosmos = { cosmos: { chains: ["cosmos:cosmoshub-4"], methods: ["cosmos_signDirect"], events: [] } }
    expect(approvedNamespaces(proposal({ required: solana }), wallet)).toMatchObject(Result.fail({ code: 5100 }))
    expect(approvedNamespaces(proposal({ required: cosmos }), wallet)).toMatchObject(Result.fail({ code: 5104 }))
    expect(approvedNamespaces(proposal({ optional: cosmos }), wallet)).toMatchObject(Result.fail({ code: 5104 }))
    // A wallet without Solana asked only for Solana.
    expect(approvedNamespaces(proposal({ optional: solana }), wallet)).toMatchObject(Result.fail({ code: 5104 }))
  })

  it("approves EVM and Solana together when the wallet has both and the dapp asked for both", () => {
    const solanaAddress = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
    const approved = approvedNamespaces(
      proposal({ optional: { ...evm(["eip155:31337"]), solana: { chains: ["solana:abc"], methods: ["solana_signMessage"], events: [] } } }),
      { ...wallet, solana: { chain: "solana:abc", address: solanaAddress } }
    )
    expect(Result.map(approved, (namespaces) => [namespaces.eip155?.chains, namespaces.solana?.accounts])).toEqual(
      Result.succeed([["eip155:31337"], [`solana:abc:${solanaAddress}`]])
    )
  })

  it("rejects a malformed proposal instead of throwing", () => {
    expect(Result.isFailure(approvedNamespaces({ id: "x" }, wallet))).toBe(true)
    expect(Result.isFailure(approvedNamespaces(null, wallet))).toBe(true)
  })
})

describe("describeProposal", () => {
  it("lists the dapp, its chains, methods and events, and keeps only http(s) icons", () => {
    const view = describeProposal(
      proposal({ optional: evm(["eip155:31337"]) }, ["https://dapp.example/icon.png", "javascript:alert(1)", "data:image/svg+xml,<svg/>"])
    )
    expect(view).toEqual(
      Result.succeed({
        id: 1,
        name: "Dapp",
        description: "A dapp",
        url: "https://dapp.example",
        icons: ["https://dapp.example/icon.png"],
        chains: ["eip155:31337"],
        methods: ["personal_sign"],
        events: ["chainChanged"]
      })
    )
  })
})
