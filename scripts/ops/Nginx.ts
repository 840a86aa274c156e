/**
 * Debian's nginx as a throwaway load balancer: installed with apt-get when missing (as `npm test` installs
 * postgresql), run in the foreground from a prefix folder of its own (its pid, logs and temp files there,
 * nothing under /etc or /var), so several copies run side by side and a stop leaves nothing behind.
 * `site` is what an operator puts in `/etc/nginx/conf.d/`: upstreams, maps and servers of the http block.
 */
import { spawn, spawnSync } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const nginxPath = "/usr/sbin/nginx"

/** Installs nginx from Debian's packages when it is not there; its service is never started (no init runs here). */
export const ensureNginx = (): void => {
  if (existsSync(nginxPath)) return
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" }
  for (const args of [["update", "-qq"], ["install", "-y", "-qq", "nginx"]]) {
    if (spawnSync("apt-get", args, { stdio: "inherit", env }).status !== 0) throw new Error("apt-get could not install nginx")
  }
}

export interface Nginx {
  /** Stops it gracefully (SIGQUIT) and removes its folder. */
  readonly stop: () => Promise<void>
}

/** The main configuration around a site file: everything that would point under /etc or /var points into `dir`. */
const mainConfig = (dir: string, siteFile: string) => `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${siteFile};
}
`

/** Checks the configuration with `nginx -t`, then runs it until `stop` (SIGQUIT: graceful). */
export const startNginx = async (site: string): Promise<Nginx> => {
  ensureNginx()
  const dir = mkdtempSync(join(tmpdir(), "portico-nginx-"))
  // Workers run as nobody when the master is root: they create their temp folders in here.
  chmodSync(dir, 0o755)
  const siteFile = join(dir, "site.conf")
  const main = join(dir, "nginx.conf")
  writeFileSync(siteFile, site)
  writeFileSync(main, mainConfig(dir, siteFile))
  const args = ["-p", dir, "-e", join(dir, "error.log"), "-c", main]
  const checked = spawnSync(nginxPath, [...args, "-t", "-q"], { encoding: "utf8" })
  if (checked.status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`nginx refused its configuration: ${checked.stderr}`)
  }
  const child = spawn(nginxPath, [...args, "-g", "daemon off;"], { stdio: "ignore" })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT")
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
  // Ready once the master has bound every socket and started its worker ("start worker processes", a notice); its
  // pid file comes earlier, while a taken port is still being retried ("[emerg] bind() … failed", then it exits).
  const log = join(dir, "error.log")
  for (let waited = 0; ; waited += 50) {
    const written = existsSync(log) ? readFileSync(log, "utf8") : ""
    if (written.includes("start worker process")) break
    if (written.includes("[emerg]") || child.exitCode !== null || waited > 30_000) {
      await stop()
      throw new Error(`nginx did not start: ${written.trim() || "no error log"}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { stop }
}
