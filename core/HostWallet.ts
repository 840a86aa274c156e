/**
 * The wallet list as a host's own UI reads it (headless use): the same rows the Connect and AllWallets
 * views show (core/features/WalletList's arrangement), each as plain data. A name and an icon come from
 * outside (a wallet's announcement, the registry): the host renders them as text and as an `<img src>`,
 * and an icon is given only when `isImageAllowed` admits it, as the modal's own rows do.
 */
import * as Caip from "./Caip.ts"
import type * as Connector from "./Connector.ts"
import * as WalletList from "./features/WalletList.ts"
import type * as WalletListEntry from "./WalletListEntry.ts"

/** How a wallet can be connected: its browser extension, or WalletConnect (QR code, deep links). */
export type ConnectMethod = "injected" | "walletConnect"

/** A registry wallet's links, each opened with the pairing URI appended (`WalletConnect.deepLink`). */
export interface WalletLinks {
  readonly mobile?: string
  readonly desktop?: string
  readonly web?: string
}

export interface HostWallet {
  /** What `connect({ walletId })` takes: an installed wallet's connector id, WalletConnect's, or a registry id. */
  readonly id: string
  readonly name: string
  /** An image address for `<img src>`; undefined when the wallet has none that may be shown. */
  readonly icon: string | undefined
  readonly namespaces: ReadonlyArray<Caip.ChainNamespace>
  /** Announced by the page (EIP-6963, Wallet Standard). */
  readonly installed: boolean
  readonly label: "recent" | "installed" | "recommended" | undefined
  readonly methods: ReadonlyArray<ConnectMethod>
  readonly links: WalletLinks
}

export interface WalletsInput extends WalletList.Arrangement {
  /** WalletConnect's connector, when the host configured it (its own row, "any wallet"). */
  readonly walletConnect: Connector.Connector | undefined
  readonly isImageAllowed: (source: string) => boolean
  /** A registry image id's address on the wallet service. */
  readonly imageOf: (imageId: string) => string | undefined
}

const present = (link: string | null | undefined) => link === undefined || link === null || link === "" ? undefined : link

const linksOf = (entry: WalletListEntry.WalletListEntry): WalletLinks => {
  const [mobile, desktop, web] = [present(entry.mobile_link), present(entry.desktop_link), present(entry.webapp_link)]
  return { ...(mobile === undefined ? {} : { mobile }), ...(desktop === undefined ? {} : { desktop }), ...(web === undefined ? {} : { web }) }
}

const registryNamespaces = (entry: WalletListEntry.WalletListEntry): ReadonlyArray<Caip.ChainNamespace> =>
  [...new Set((entry.chains ?? []).flatMap((chain) => {
    const namespace = Caip.namespaceOf(chain)
    return Caip.isChainNamespace(namespace) ? [namespace] : []
  }))]

const shown = (input: WalletsInput, source: string | undefined) => source !== undefined && input.isImageAllowed(source) ? source : undefined

/** The wallet list as data, in the modal's order; WalletConnect's own row follows the installed wallets. */
export const walletsOf = (input: WalletsInput): ReadonlyArray<HostWallet> => {
  const rows = WalletList.arrange(input).map((row): HostWallet =>
    row._tag === "Installed"
      ? {
        id: row.connector.id,
        name: row.connector.name,
        icon: shown(input, row.connector.imageUrl),
        namespaces: [row.connector.chain],
        installed: true,
        label: row.label,
        methods: ["injected"],
        links: {}
      }
      : {
        id: row.entry.id,
        name: row.entry.name,
        icon: shown(input, row.entry.image_id === undefined ? undefined : input.imageOf(row.entry.image_id)),
        namespaces: registryNamespaces(row.entry),
        installed: false,
        label: row.label,
        methods: input.walletConnect === undefined ? [] : ["walletConnect"],
        links: linksOf(row.entry)
      }
  )
  if (input.walletConnect === undefined || input.search !== "") return rows
  const walletConnect: HostWallet = {
    id: input.walletConnect.id,
    name: input.walletConnect.name,
    icon: shown(input, input.walletConnect.imageUrl),
    namespaces: ["eip155", "solana"],
    installed: false,
    label: undefined,
    methods: ["walletConnect"],
    links: {}
  }
  const afterInstalled = rows.findLastIndex((row) => row.installed) + 1
  return [...rows.slice(0, afterInstalled), walletConnect, ...rows.slice(afterInstalled)]
}
