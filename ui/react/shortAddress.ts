/** `0x1234…abcd`: the start and end a visitor compares with their wallet. */
export const shortAddress = (address: string): string =>
  address.length <= 12 ? address : `${address.slice(0, 6)}…${address.slice(-4)}`
