/**
 * Builds the published package: compiled ESM with `.d.ts` for the public entry points only.
 * Dependencies and peers stay external so the host's bundler dedupes React, viem and Effect.
 */
import { defineConfig, type Rolldown } from "tsdown"

/** Public entry points; each key becomes `dist/<key>.js` and a subpath in `package.json` `exports`. */
export const entries = {
  react: "ui/react/index.ts",
  web: "ui/web/index.ts",
  wagmi: "ui/wagmi/index.ts",
  permissions: "ui/permissions/index.ts"
} as const

/**
 * The first stage's modules (the dialog's shell and the lobby: ui/modal/Shell.tsx, app/Lobby.ts), one chunk;
 * and the plain rules it shares with the engine (app/CheckedHost.ts and the Effect-free owners in core), one
 * more. Not the first chunk's own modules (ThemeDefaults, VisitorLocale…): a cold click then waits for two
 * files, not a dozen over six connections, and neither the first chunk nor a headless host's engine carries
 * the dialog's code.
 */
const shellGroup = new RegExp([
  String.raw`/ui/modal/(?:Shell\.tsx|StageContext\.ts|styles\.ts|useContentHeight\.ts|Connect/)`,
  String.raw`/ui/modal/components/(?:LegalGate|WalletRow|WalletIcon|icons|focusFirst|errorText|asFailure|WalletWindowOffer|useEmailForm|useSocialLogin)\.tsx?$`,
  String.raw`/ui/i18n/(?:Messages|useMessages|en)\.ts$`,
  String.raw`/app/(?:Lobby|SocialPopup)\.ts$`
].join("|"))
const rulesGroup = new RegExp([
  String.raw`/app/(?:CheckedHost|InAppEscape|MobileWalletAdapter|Stage)\.ts$`,
  String.raw`/core/(?:FeatureFlags|ThemeOptions|LegalLinks|LoginProviders|ImageSource|InstalledWallets|ModalRoute|RecentWallets|StorageName|EmailFormat|Format|MessageFormat|SolanaClusters)\.ts$`,
  String.raw`/core/connectors/(?:Eip6963Announcement|WalletStandardListing|MultichainSigns)\.ts$`
].join("|"))

/** `portico/server`: the sign-in verifier for a host's backend; runs on Node only, so it builds separately. */
export const serverEntries = { server: "http/server/SignInVerifier.ts" } as const

/**
 * `portico/testing` loads the sandbox on demand from its own build (`dist/sandbox/`, below), which reads
 * the files shipped beside it: the dynamic import points there instead of bundling a second copy.
 */
const packagedSandbox: Rolldown.Plugin = {
  name: "portico-packaged-sandbox",
  resolveId: (source, _importer, extra) =>
    extra.kind === "dynamic-import" && source.endsWith("/sandbox/Sandbox.ts") ? { id: "./sandbox/index.mjs", external: true } : null
}

/** A package of its own whose bin is one Node module (`dist/cli.mjs`); its dependencies are its package's. */
const binPackage = (entry: string, outDir: string) =>
  ({ entry: { cli: entry }, outDir, format: "esm", platform: "node", target: "node22", dts: false, deps: { neverBundle: true }, clean: true }) as const

export default defineConfig([
  {
    entry: entries,
    outDir: "dist",
    format: "esm",
    platform: "browser",
    target: "es2023",
    dts: true,
    sourcemap: false,
    clean: true,
    hash: true,
    unbundle: false,
    deps: { neverBundle: true },
    treeshake: true,
    // A host's editor reads the documentation from the `.d.ts`; the JavaScript it ships need not carry it.
    // Each language's message table and each view loaded on demand is its own chunk, named so the size
    // budgets can tell them from the connect path's shared chunks (the Buy view from core's Buy form); the
    // dialog's shell (Shell) and the engine's views (ModalRoot) keep their names.
    outputOptions: {
      comments: { legal: true, annotation: true, jsdoc: false },
      codeSplitting: {
        includeDependenciesRecursively: false,
        groups: [{ name: "Shell", test: shellGroup }, { name: "PlainRules", test: rulesGroup }]
      },
      chunkFileNames: (chunk) =>
        chunk.facadeModuleId?.includes("/ui/i18n/locales/") === true
          ? "locale-[name]-[hash].js"
          : /\/ui\/modal\/(?!ModalRoot\.tsx$|Shell\.tsx$)/.test(chunk.facadeModuleId ?? "")
          ? "view-[name]-[hash].js"
          : "[name]-[hash].js"
    }
  },
  {
    // Node side of `portico/testing`: drives Playwright pages; the sandbox it starts stays in its modules.
    entry: { testing: "testing/index.ts" },
    outDir: "dist",
    format: "esm",
    platform: "node",
    target: "node22",
    dts: true,
    deps: { neverBundle: true },
    plugins: [packagedSandbox],
    clean: false
  },
  {
    // The sandbox `startSandbox` runs, in a folder of its own: scripts/package/sandbox.ts adds the pages,
    // contracts and images it reads beside its code (sandbox/SandboxFiles.ts).
    entry: { index: "sandbox/Sandbox.ts" },
    outDir: "dist/sandbox",
    format: "esm",
    platform: "node",
    target: "node22",
    dts: false,
    deps: { neverBundle: true },
    clean: false
  },
  {
    // Page side of `portico/testing`: one self-contained script injected before the host's own code.
    entry: { "testing-wallets": "testing/pageWallets.ts" },
    outDir: "dist",
    format: "iife",
    globalName: "PorticoTestWallets",
    platform: "browser",
    target: "es2023",
    deps: { alwaysBundle: [/./] },
    minify: true,
    dts: false,
    clean: false
  },
  ...(Object.keys(serverEntries).length === 0
    ? []
    : [{ entry: serverEntries, outDir: "dist", format: "esm" as const, platform: "node" as const, dts: true, clean: false }]),
  // The `portico-server` package (server/package.json): its bin runs the API, the relay and the wallet's
  // frame; scripts/package/server.ts adds the frame's pages beside it.
  binPackage("http/cli/main.ts", "server/dist"),
  // The `portico-migrate` package (migrate/package.json): the codemod's bin, on TypeScript's parser only.
  binPackage("migrate/cli.ts", "migrate/dist")
])
