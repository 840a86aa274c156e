import react from "@vitejs/plugin-react"
import { playwright } from "@vitest/browser-playwright"
import { configDefaults, defineConfig } from "vitest/config"
import { browserDependencies } from "./test/support/browserDependencies.ts"
import { chromiumArgs, chromiumPath } from "./test/support/chromium.ts"

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          include: ["test/**/*.test.ts"],
          // `*.browser.test.ts` runs in the browser project only.
          exclude: [...configDefaults.exclude, "test/**/*.browser.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      },
      {
        plugins: [react()],
        // Pre-bundled up front: a dependency Vite discovers mid-run makes it reload the page under a running test.
        optimizeDeps: { include: [...browserDependencies] },
        test: {
          name: "browser",
          include: ["test/**/*.browser.test.tsx", "test/**/*.browser.test.ts"],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs] } }),
            instances: [{ browser: "chromium" }]
          }
        }
      }
    ]
  }
})
