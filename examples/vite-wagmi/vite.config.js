import { defineConfig } from "vite"

// JSX through React's automatic runtime; top-level await in main.jsx needs an es2022 target.
export default defineConfig({ esbuild: { jsx: "automatic" }, build: { target: "es2022" } })
