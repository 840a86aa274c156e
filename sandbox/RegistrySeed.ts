/**
 * The sandbox's own registry entries, added after the curated ones so that every rule of the wallet
 * list (spec §9) can be tried locally: 120 fictional wallets on the sandbox chains (three pages of 40,
 * a search for "sandbox" that hits the 100-entry cap, every fourth one on both EVM chains and Solana,
 * two recommended ones) and 20 on chains the sandbox does not run, which the chain filter leaves out.
 * Their names say they are test data; they open no real app.
 */
import type { WalletSeedEntry } from "../http/server/WalletSeed.ts"

const evm = ["eip155:31337", "eip155:31338"]
const elsewhere = ["eip155:1", "eip155:8453"]

const words = ["Aurora", "Beacon", "Cedar", "Delta", "Ember", "Fjord", "Garnet", "Harbor", "Indigo", "Juniper"] as const

const pad = (value: number) => String(value).padStart(3, "0")

const fictional = (index: number, chains: ReadonlyArray<string>, label: string): WalletSeedEntry => ({
  id: `${label.toLowerCase()}-${pad(index)}`,
  name: `${label} ${words[index % words.length] ?? "Test"} Wallet ${pad(index)}`,
  rdns: null,
  chains,
  mobile: `portico-sandbox-${pad(index)}://`,
  desktop: null,
  webapp: null,
  homepage: "http://127.0.0.1/",
  certified: false,
  recommended: false
})

/**
 * The sandbox's WalletConnect demo wallet page as a registry wallet: a custom scheme as its mobile link (as a
 * wallet app registers one) and its web address as its universal link and web link (`<page>/wc?uri=…` pairs at
 * once), so choosing it on a phone opens the page the way a universal link opens a wallet app.
 */
const walletConnectDemo = (walletUrl: string, chains: ReadonlyArray<string>): WalletSeedEntry => ({
  id: "portico-wc-demo",
  name: "Portico WalletConnect Demo Wallet",
  rdns: null,
  chains,
  mobile: "portico-wc-demo://",
  universal: walletUrl,
  desktop: null,
  webapp: walletUrl,
  homepage: walletUrl,
  certified: false,
  recommended: true
})

export const sandboxRegistry = (solanaCaipNetworkId: string, walletUrl?: string): ReadonlyArray<WalletSeedEntry> => [
  ...(walletUrl === undefined ? [] : [walletConnectDemo(walletUrl, [...evm, solanaCaipNetworkId])]),
  ...Array.from({ length: 120 }, (_, index) => {
    const chains = index % 4 === 0 ? [...evm, solanaCaipNetworkId] : index % 4 === 1 ? [solanaCaipNetworkId] : evm
    return { ...fictional(index + 1, chains, "Sandbox"), recommended: index < 2 }
  }),
  ...Array.from({ length: 20 }, (_, index) => fictional(index + 1, elsewhere, "Elsewhere"))
]
