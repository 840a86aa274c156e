import react from "@vitejs/plugin-react"
import { playwright } from "@vitest/browser-playwright"
import { defineConfig } from "vitest/config"
import { chromiumArgs, chromiumPath } from "./test/support/chromium.ts"

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          include: ["test/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      },
      {
        plugins: [react()],
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
