/**
 * Portico's local image assets: a rounded square in a colour derived from the label, with the label's
 * initials. Generated, so the registry and every token get an image without any download.
 */

const palette = ["#3B82F6", "#8B5CF6", "#EC4899", "#F97316", "#10B981", "#06B6D4", "#EAB308", "#EF4444", "#6366F1", "#14B8A6"] as const

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

const hash = (text: string): number => {
  let value = 0
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) >>> 0
  return value
}

/** One or two letters: the first letters of the first two words (camelCase counts), else the first two characters. */
export const initials = (label: string): string => {
  const words = label.replace(/([a-z])([A-Z])/g, "$1 $2").split(/[\s\-_.]+/).filter((word) => word.length > 0)
  const letters = words.length >= 2 ? `${words[0]?.charAt(0) ?? ""}${words[1]?.charAt(0) ?? ""}` : label.slice(0, 2)
  return letters.toUpperCase()
}

export const monogram = (label: string): string => {
  const colour = palette[hash(label) % palette.length] ?? palette[0]
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(label)}">` +
    `<rect width="96" height="96" rx="24" fill="${colour}"/>` +
    `<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" font-weight="600" fill="#FFFFFF">${escapeXml(initials(label))}</text>` +
    `</svg>`
}
