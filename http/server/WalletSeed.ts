/**
 * The curated wallet registry the server ships with (seeded by migration 2): the sandbox's two demo
 * wallets, then well-known wallets with their EIP-6963 rdns, deep-link schemes and CAIP-2 chains.
 * The demo wallets list the sandbox chains: EVM 31337/31338 and the sandbox Solana cluster, whose
 * genesis hash is fixed (sandbox/solana/Seed.ts).
 * The first four `recommended` entries are the ones the modal shows before "All wallets".
 */
import * as Schema from "effect/Schema"

/** One registry entry: the curated ones below, and those a host adds (ServerOptions `wallets`). */
export const WalletSeedEntry = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/)),
  name: Schema.String.check(Schema.isNonEmpty(), Schema.isMaxLength(100)),
  rdns: Schema.NullOr(Schema.String),
  chains: Schema.Array(Schema.String),
  mobile: Schema.NullOr(Schema.String),
  desktop: Schema.NullOr(Schema.String),
  webapp: Schema.NullOr(Schema.String),
  /** The wallet's universal link (an https address its app claims), preferred on phones to the `mobile` scheme. */
  universal: Schema.optionalKey(Schema.NullOr(Schema.String)),
  homepage: Schema.String,
  certified: Schema.Boolean,
  recommended: Schema.Boolean
})
export type WalletSeedEntry = typeof WalletSeedEntry.Type

/**
 * The curated wallets' universal links, as their makers publish them (migration 10 adds them beside the
 * schemes that migration 2 seeded).
 */
export const universalLinks: ReadonlyArray<readonly [id: string, link: string]> = [
  ["metamask", "https://metamask.app.link/"],
  ["trust", "https://link.trustwallet.com/"],
  ["coinbase", "https://go.cb-w.com/"],
  ["rainbow", "https://rnbwapp.com/"]
]

/** The `wallets` row values of an entry, in the table's column order (id … recommended). */
export const walletRowValues = (wallet: WalletSeedEntry, position: number): ReadonlyArray<unknown> => [
  wallet.id,
  position,
  wallet.name,
  wallet.rdns,
  JSON.stringify(wallet.chains),
  wallet.mobile,
  wallet.desktop,
  wallet.webapp,
  wallet.homepage,
  wallet.certified ? "certified" : "none",
  wallet.recommended
]

const evm = ["eip155:1", "eip155:10", "eip155:56", "eip155:137", "eip155:8453", "eip155:42161"] as const
const solanaMainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"
const local = ["eip155:31337", "eip155:31338"] as const
const sandboxSolana = "solana:J9Lv6quX2x5LmewmhGm2uPGJ1UDE4oBy"

const entry = (
  id: string,
  name: string,
  rdns: string | null,
  chains: ReadonlyArray<string>,
  links: { readonly mobile?: string; readonly desktop?: string; readonly webapp?: string; readonly homepage: string },
  flags: { readonly certified?: boolean; readonly recommended?: boolean } = {}
): WalletSeedEntry => ({
  id,
  name,
  rdns,
  chains,
  mobile: links.mobile ?? null,
  desktop: links.desktop ?? null,
  webapp: links.webapp ?? null,
  homepage: links.homepage,
  certified: flags.certified ?? false,
  recommended: flags.recommended ?? false
})

export const walletSeed: ReadonlyArray<WalletSeedEntry> = [
  entry("portico-demo", "Portico Demo Wallet", "dev.portico.demo", local, { homepage: "http://127.0.0.1:5173/" }),
  entry("portico-demo-solana", "Portico Demo Solana", "dev.portico.demo.solana", [sandboxSolana], { homepage: "http://127.0.0.1:5173/" }),
  entry("metamask", "MetaMask", "io.metamask", [...evm, "eip155:59144"], { mobile: "metamask://", homepage: "https://metamask.io" }, { certified: true, recommended: true }),
  entry("trust", "Trust Wallet", "com.trustwallet.app", [...evm, solanaMainnet], { mobile: "trust://", homepage: "https://trustwallet.com" }, { certified: true, recommended: true }),
  entry("coinbase", "Coinbase Wallet", "com.coinbase.wallet", [...evm, solanaMainnet], { mobile: "cbwallet://", homepage: "https://www.coinbase.com/wallet" }, { certified: true, recommended: true }),
  entry("phantom", "Phantom", "app.phantom", [solanaMainnet, "eip155:1", "eip155:137", "eip155:8453"], { mobile: "phantom://", homepage: "https://phantom.app" }, { certified: true, recommended: true }),
  entry("rainbow", "Rainbow", "me.rainbow", evm, { mobile: "rainbow://", homepage: "https://rainbow.me" }, { certified: true }),
  entry("okx", "OKX Wallet", "com.okex.wallet", [...evm, solanaMainnet], { mobile: "okex://main", homepage: "https://www.okx.com/web3" }, { certified: true }),
  entry("rabby", "Rabby Wallet", "io.rabby", evm, { mobile: "rabby://", homepage: "https://rabby.io" }),
  entry("zerion", "Zerion", "io.zerion.wallet", evm, { mobile: "zerion://", homepage: "https://zerion.io" }, { certified: true }),
  entry("uniswap", "Uniswap Wallet", "org.uniswap.app", evm, { mobile: "uniswap://", homepage: "https://wallet.uniswap.org" }, { certified: true }),
  entry("ledger-live", "Ledger Live", "com.ledger", [...evm, solanaMainnet], { mobile: "ledgerlive://", desktop: "ledgerlive://", homepage: "https://www.ledger.com/ledger-live" }, { certified: true }),
  entry("safe", "Safe", null, evm, { webapp: "https://app.safe.global/", homepage: "https://safe.global" }),
  entry("argent", "Argent", "xyz.argent", ["eip155:1", "eip155:10", "eip155:42161"], { mobile: "argent://app/", homepage: "https://www.argent.xyz" }),
  entry("bitget", "Bitget Wallet", "com.bitget.web3", [...evm, solanaMainnet], { mobile: "bitkeep://", homepage: "https://web3.bitget.com" }, { certified: true }),
  entry("binance", "Binance Wallet", "com.binance.wallet", evm, { mobile: "bnc://app.binance.com/cedefi/", homepage: "https://www.binance.com/web3wallet" }),
  entry("exodus", "Exodus", "com.exodus.web3-wallet", [...evm, solanaMainnet], { mobile: "exodus://", homepage: "https://www.exodus.com" }),
  entry("imtoken", "imToken", "im.token.app", evm, { mobile: "imtokenv2://", homepage: "https://token.im" }),
  entry("tokenpocket", "TokenPocket", "pro.tokenpocket", [...evm, solanaMainnet], { mobile: "tpoutside://", homepage: "https://www.tokenpocket.pro" }),
  entry("safepal", "SafePal", "com.safepal.wallet", [...evm, solanaMainnet], { mobile: "safepalwallet://", homepage: "https://www.safepal.com" }),
  entry("1inch", "1inch Wallet", "io.1inch.wallet", evm, { mobile: "oneinch://", homepage: "https://1inch.io/wallet" }),
  entry("backpack", "Backpack", "app.backpack", [solanaMainnet, "eip155:1"], { mobile: "backpack://", homepage: "https://backpack.app" }),
  entry("solflare", "Solflare", "com.solflare", [solanaMainnet], { mobile: "solflare://", homepage: "https://solflare.com" }, { certified: true }),
  entry("frame", "Frame", "sh.frame", evm, { desktop: "frame://", homepage: "https://frame.sh" }),
  entry("brave", "Brave Wallet", "com.brave.wallet", [...evm, solanaMainnet], { homepage: "https://brave.com/wallet" }),
  entry("enkrypt", "Enkrypt", "com.enkrypt", evm, { homepage: "https://www.enkrypt.com" }),
  entry("taho", "Taho", "xyz.taho", evm, { homepage: "https://taho.xyz" }),
  entry("zengo", "Zengo Wallet", "com.zengo.wallet", evm, { mobile: "zengo://", homepage: "https://zengo.com" }),
  entry("crypto-com", "Crypto.com Onchain", "com.crypto.wallet", evm, { mobile: "dfw://", homepage: "https://crypto.com/onchain" }),
  entry("kraken", "Kraken Wallet", "com.kraken.wallet", [...evm, solanaMainnet], { mobile: "krakenwallet://", homepage: "https://www.kraken.com/wallet" }),
  entry("coin98", "Coin98", "coin98.com", [...evm, solanaMainnet], { mobile: "coin98://", homepage: "https://coin98.com" }),
  entry("magic-eden", "Magic Eden", "io.magiceden.wallet", [solanaMainnet, "eip155:1", "eip155:8453"], { mobile: "magiceden://", homepage: "https://wallet.magiceden.io" }),
  entry("glow", "Glow", "com.glow", [solanaMainnet], { mobile: "glow://", homepage: "https://glow.app" }),
  entry("family", "Family", "co.family.wallet", ["eip155:1", "eip155:10", "eip155:8453"], { mobile: "familywallet://", homepage: "https://family.co" })
]
