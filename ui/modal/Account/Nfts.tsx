/**
 * The NFTs tab: the non-spam NFTs the account still holds according to its history, one per token,
 * each with its name, collection and image (an <img> only from data:, https: or blob:) or a monogram tile.
 */
import * as Nft from "../../../core/Nft.ts"
import * as Connector from "../../../core/ImageSource.ts"
import type * as Session from "../../../core/Session.ts"
import { useModalContext } from "../ModalContext.ts"
import { TransactionListFooter, useTransactionList } from "./TransactionList.tsx"

const monogram = (name: string) => (name.trim().match(/[\p{L}\p{N}]/u)?.[0] ?? "?").toUpperCase()

export function Nfts({ account }: { readonly account: Session.SessionAccount }) {
  const { t } = useModalContext()
  // Every page of the history, so each held NFT shows without a "Load more".
  const list = useTransactionList(account, { all: true })
  const nfts = Nft.fromTransactions(list.transactions)
  const settled = !list.loading && (list.empty || list.transactions.length > 0)
  return (
    <div>
      {nfts.length === 0 && settled && list.error === undefined ? <p className="muted">{t("noNfts")}</p> : null}
      {nfts.length === 0 ? null : (
        <ul className="nft-grid" aria-label={t("nfts")}>
          {nfts.map((nft) => (
            <li key={nft.key} className="nft" data-nft={nft.key}>
              {nft.image !== undefined && Connector.isSafeImageSource(nft.image)
                ? <img src={nft.image} alt={nft.name} referrerPolicy="no-referrer" />
                : <span className="monogram" aria-hidden="true">{monogram(nft.collection ?? nft.name)}</span>}
              <strong className="nft-name">{nft.name}</strong>
              {nft.collection === undefined ? null : <span className="muted">{nft.collection}</span>}
            </li>
          ))}
        </ul>
      )}
      <TransactionListFooter account={account} />
    </div>
  )
}
