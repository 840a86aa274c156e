/**
 * An avatar drawn from an address when the account has no picture of its own (a WalletConnect or
 * embedded-wallet account, an address without a profile): a mirrored 5×5 pattern in one hue, both
 * taken from a hash of the address, so the same account always looks the same and two accounts rarely
 * alike. SVG attributes only (no style attribute), nothing fetched.
 */

/** FNV-1a over the address's characters (case-insensitive: EVM checksums change case, not the account). */
const hashOf = (address: string): number => {
  let hash = 0x811c9dc5
  for (const character of address.toLowerCase()) {
    hash ^= character.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** The cells to fill, as [column, row]: 15 bits for the left three columns, mirrored to the right. */
export const cellsOf = (address: string): ReadonlyArray<readonly [number, number]> => {
  const hash = hashOf(address)
  return Array.from({ length: 15 }, (_, bit) => [bit % 3, Math.floor(bit / 3)] as const)
    .filter((_, bit) => (hash >>> bit) & 1)
    .flatMap(([column, row]) => column === 2 ? [[column, row] as const] : [[column, row] as const, [4 - column, row] as const])
}

export const hueOf = (address: string): number => (hashOf(address) >>> 15) % 360

export function AddressAvatar({ address, label, className }: { readonly address: string; readonly label: string; readonly className?: string }) {
  const hue = hueOf(address)
  return (
    <svg className={className ?? "avatar"} viewBox="0 0 5 5" role="img" aria-label={label} data-address-avatar="" shapeRendering="crispEdges">
      <rect width="5" height="5" fill={`hsl(${hue} 45% 88%)`} />
      {cellsOf(address).map(([column, row]) => <rect key={`${column}-${row}`} x={column} y={row} width="1" height="1" fill={`hsl(${hue} 65% 42%)`} />)}
    </svg>
  )
}
