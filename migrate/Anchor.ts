/**
 * What a transform knows about one library it migrates from: its packages, its import paths, and the
 * part each of its exports plays, which says how the codemod rewrites the places that use it.
 */
import type { FileRewrite } from "./FileRewrite.ts"
import type { Usage } from "./Usages.ts"

export const anchorNames = ["rainbowkit", "connectkit", "onchainkit", "appkit"] as const
export type AnchorName = (typeof anchorNames)[number]

export type Role =
  /** A context provider: unwrapped, its children stay (Portico's instance lives in a module, not in React). */
  | { readonly kind: "provider" }
  /** A connect button: becomes `<portico-connect-button>`, with whatever is inside it. */
  | { readonly kind: "button" }
  /** A part of a button (OnchainKit's dropdown, identity): gone with the button it is in. */
  | { readonly kind: "part" }
  /** A hook: its call becomes an object with these members, each an expression on `portico`. */
  | { readonly kind: "hook"; readonly members: Readonly<Record<string, string>> }
  /** A hook wagmi has under another name: the call goes to wagmi's, for these members. */
  | { readonly kind: "wagmiHook"; readonly name: string; readonly members: ReadonlyArray<string> }
  /** Creates the configuration: the transform's `configure` rewrites it. */
  | { readonly kind: "config" }
  /** The same value from another module (AppKit's networks are viem's chains). */
  | { readonly kind: "moved"; readonly module: string; readonly name: string }
  /** No automatic mapping: a TODO saying what to do instead. */
  | { readonly kind: "todo"; readonly hint: string }

/** What the whole project's rewrite tells one file's. */
export interface ProjectContext {
  /** How this file imports `portico`'s instance, when another file creates it. */
  readonly porticoImport: string | undefined
  /** The instance is created in this file. */
  readonly porticoHere: boolean
}

export interface Anchor {
  readonly name: AnchorName
  /** Its packages in package.json, dropped by the migration. */
  readonly packages: ReadonlyArray<string>
  /** Whether an import path is the library's (its stylesheet included). */
  readonly owns: (specifier: string) => boolean
  readonly roleOf: (specifier: string, exported: string) => Role | undefined
  /** Custom elements of the library (`<appkit-button>`) and what each becomes. */
  readonly elements: Readonly<Record<string, Role>>
  /**
   * Rewrites the places that create the library's configuration into Portico's instance and wagmi's
   * config, in the file given.
   */
  readonly configure: (file: FileRewrite, usages: ReadonlyArray<Usage>) => Configured
}

export interface Configured {
  /** `portico` is now created in the file, exported from it. */
  readonly created: boolean
  /** The usages the rewrite took care of. */
  readonly handled: ReadonlySet<Usage>
}
