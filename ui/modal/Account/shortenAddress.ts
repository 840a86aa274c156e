/** An address as the account view shows it: 0x1234…abcd (short ones unchanged). */
export const shortenAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
