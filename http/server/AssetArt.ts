/**
 * Portico's own artwork for the networks it knows and their native assets (core/NetworkImage.ts names
 * the ids): each network's mark drawn from basic shapes on its colour, in a rounded badge for a network
 * and a round coin for a native asset. Drawn here, under the repository's licence; no logo pack.
 */
import * as NetworkImage from "../../core/NetworkImage.ts"

const white = "#FFFFFF"

/** Each mark on a 96×96 canvas: its background colour and the shapes drawn over it. */
const marks: Readonly<Record<NetworkImage.Mark, { readonly colour: string; readonly label: string; readonly shapes: string }>> = {
  ethereum: {
    colour: "#627EEA",
    label: "Ethereum",
    shapes: `<path d="M48 14 L27 49 L48 61 L69 49 Z" fill="${white}"/>` +
      `<path d="M48 14 L48 61 L69 49 Z" fill="${white}" fill-opacity=".6"/>` +
      `<path d="M27 54 L48 82 L69 54 L48 66 Z" fill="${white}"/>`
  },
  base: {
    colour: "#0052FF",
    label: "Base",
    shapes: `<circle cx="48" cy="48" r="30" fill="${white}"/><rect x="16" y="44" width="40" height="8" fill="#0052FF"/>`
  },
  arbitrum: {
    colour: "#213147",
    label: "Arbitrum",
    shapes: `<path d="M48 14 L77 31 L77 65 L48 82 L19 65 L19 31 Z" fill="none" stroke="#28A0F0" stroke-width="6" stroke-linejoin="round"/>` +
      `<path d="M34 68 L48 30 L62 68" fill="none" stroke="${white}" stroke-width="8" stroke-linejoin="round"/>`
  },
  optimism: {
    colour: "#FF0420",
    label: "Optimism",
    shapes: `<ellipse cx="34" cy="48" rx="13" ry="16" fill="none" stroke="${white}" stroke-width="7"/>` +
      `<path d="M54 64 L54 32 L64 32 A9 9 0 0 1 64 50 L54 50" fill="none" stroke="${white}" stroke-width="7" stroke-linejoin="round"/>`
  },
  polygon: {
    colour: "#8247E5",
    label: "Polygon",
    shapes: `<path d="M22 40 L34 33 L46 40 L46 54 L34 61 L22 54 Z" fill="none" stroke="${white}" stroke-width="6" stroke-linejoin="round"/>` +
      `<path d="M50 42 L62 35 L74 42 L74 56 L62 63 L50 56 Z" fill="none" stroke="${white}" stroke-width="6" stroke-linejoin="round"/>`
  },
  solana: {
    colour: "#121212",
    label: "Solana",
    shapes: `<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#9945FF"/><stop offset="1" stop-color="#14F195"/></linearGradient></defs>` +
      `<path d="M30 26 L74 26 L66 34 L22 34 Z M22 44 L66 44 L74 52 L30 52 Z M30 62 L74 62 L66 70 L22 70 Z" fill="url(#g)"/>`
  }
}

const svg = (label: string, background: string, shapes: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${label}">${background}${shapes}</svg>`

/** The artwork for an image id, or undefined for an id we do not draw. */
export const assetArt = (id: string): string | undefined => {
  const art = NetworkImage.artwork.get(id)
  if (art === undefined) return undefined
  const mark = marks[art.mark]
  const background = art.coin
    ? `<circle cx="48" cy="48" r="48" fill="${mark.colour}"/>`
    : `<rect width="96" height="96" rx="24" fill="${mark.colour}"/>`
  return svg(mark.label, background, mark.shapes)
}
