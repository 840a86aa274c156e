import { defineConfig } from "vite"

// What the app is served with in its test (`vite preview`): no inline script or style, no eval; the
// sandbox's API, relay and chains on 127.0.0.1, and its embedded wallet frame from the API's origin.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http://127.0.0.1:*",
  "connect-src 'self' http://127.0.0.1:* ws://127.0.0.1:*",
  "frame-src http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'"
].join("; ")

// JSX through React's automatic runtime; top-level await in main.jsx needs an es2022 target.
export default defineConfig({
  esbuild: { jsx: "automatic" },
  build: { target: "es2022" },
  preview: { headers: { "Content-Security-Policy": contentSecurityPolicy } }
})
