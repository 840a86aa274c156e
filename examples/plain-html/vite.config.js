import { defineConfig } from "vite"

// Top-level await in main.js: the build targets browsers that have it.
export default defineConfig({ build: { target: "es2022" } })
