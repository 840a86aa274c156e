// The worker side of Build.ts's buildPagesInWorker: build, report the folders, and let the parent end the thread.
import { parentPort, workerData } from "node:worker_threads"
import { buildPages } from "./Build.ts"

const { outDir } = workerData as { readonly outDir: string }
parentPort?.postMessage([...(await buildPages(outDir))])
