/**
 * The Mobile Wallet Adapter on Android Chrome (issue 28): its Wallet Standard wallet is registered there
 * and only there, and its code is a chunk of its own (MobileWalletAdapterSetup.ts, then the protocol) that
 * a desktop or iPhone page never loads. The wallet then lists like any other Wallet Standard wallet.
 */
import type * as Config from "../core/Config.ts"
import type * as HostLogger from "../core/HostLogger.ts"

/** The page may run in Android Chrome, where the wallet registers (the engine's own check, before any of its code). */
export const mayRegister = (userAgent: string): boolean => /\bAndroid\b/.test(userAgent)

/** Registers the wallet when the page runs in Android Chrome; returns the function that withdraws it. */
export const watch = (config: Config.ResolvedConfig, log: HostLogger.Log): (() => void) => {
  const userAgent = globalThis.navigator?.userAgent ?? ""
  // A desktop or iPhone page pays one test of its user agent, nothing more.
  if (!mayRegister(userAgent)) return () => undefined
  let withdraw: (() => void) | undefined
  let stopped = false
  import("./MobileWalletAdapterSetup.ts").then((Setup) => Setup.register(config, userAgent)).then(
    (registered) => {
      if (stopped) registered?.()
      else withdraw = registered
    },
    (cause: unknown) => log("warn", "[Portico] The Mobile Wallet Adapter's code could not load", { cause })
  )
  return () => {
    stopped = true
    withdraw?.()
  }
}
