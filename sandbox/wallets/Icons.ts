/** The demo wallets' icons: small SVGs as base64 data: URIs, the form EIP-6963 and the Wallet Standard expect. */
type SvgDataUri = `data:image/svg+xml;base64,${string}`

const svg = (body: string): SvgDataUri =>
  `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${body}</svg>`)}`

export const evmIcon = svg(
  `<rect width="96" height="96" rx="20" fill="#3b5bdb"/><path d="M48 14 26 50l22 13 22-13z" fill="#fff"/><path d="m26 55 22 27 22-27-22 13z" fill="#dbe4ff"/>`
)

export const solanaIcon = svg(
  `<rect width="96" height="96" rx="20" fill="#1b1b2f"/><g fill="#14f195"><path d="M28 30h44l-8 8H20z"/><path d="M20 44h44l8 8H28z"/><path d="M28 58h44l-8 8H20z"/></g>`
)
