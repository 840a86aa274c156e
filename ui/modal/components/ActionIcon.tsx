/**
 * The small line icons of the Account view's actions, drawn as SVG elements of ours (attributes, no
 * style, nothing fetched: fine under a strict CSP). Always decorative: the button beside or around one
 * carries the words.
 */
const paths = {
  buy: "M12 5v14M5 12h14",
  swap: "M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7",
  receive: "M12 4v13M6 11l6 6 6-6M5 20h14",
  send: "M12 20V7M6 13l6-6 6 6M5 4h14",
  copy: "M9 9h10v11H9zM5 15V4h10",
  explorer: "M14 4h6v6M20 4l-9 9M18 14v6H4V6h6",
  refresh: "M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7"
} as const

export type ActionIconName = keyof typeof paths

export function ActionIcon({ name }: { readonly name: ActionIconName }) {
  return (
    <svg className="action-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"
      fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={paths[name]} />
    </svg>
  )
}
