// The worker side of Build.ts's buildPagesInWorker: build, report the folders, and let the parent end the thread.
import { parentPort, workerData } from "node:worker_threads"
import { buildPages } from "./Build.ts"

const { outDir } = workerData as { readonly outDir: string }
// A worker_threads port, not a window: there is no target origin to name.
// oxlint-disable-next-line unicorn/require-post-message-target-origin
parentPort?.postMessage([...(await buildPages(outDir))])
