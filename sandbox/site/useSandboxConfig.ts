import { useEffect, useState } from "react"
import { load, type SandboxConfig } from "../SandboxConfig.ts"

export type ConfigState =
  | { readonly status: "loading" }
  | { readonly status: "ready"; readonly config: SandboxConfig }
  | { readonly status: "failed"; readonly message: string }

/** The sandbox's URLs and demo accounts, from `/sandbox-config.json` on this origin. */
export const useSandboxConfig = (): ConfigState => {
  const [state, setState] = useState<ConfigState>({ status: "loading" })
  useEffect(() => {
    load().then(
      (config) => setState({ status: "ready", config }),
      (error: unknown) => setState({ status: "failed", message: error instanceof Error ? error.message : String(error) })
    )
  }, [])
  return state
}
