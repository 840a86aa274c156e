/**
 * The nginx site of the multi-process run: HTTP round-robin over the API processes on one port (the wallet
 * origin's stand-in) and WebSocket upgrades spread over the relay processes on another (the relay host's), no
 * sticky sessions. A process that refuses connections (it
 * crashed) is skipped for `fail_timeout` after one failure, and the request goes to the next one: a
 * connection error is retried for any request (nothing reached the dead process), a 502/503/504 or a timeout
 * only for idempotent ones (nginx never resends a POST that was sent). docs/deploy/nginx.conf is the same
 * shape with TLS in front and host names instead of ports.
 */
import { pinHeader } from "./RelayPin.ts"

export interface SiteOptions {
  readonly apiListenPort: number
  readonly relayListenPort: number
  readonly apiPorts: ReadonlyArray<number>
  readonly relayPorts: ReadonlyArray<number>
}

const servers = (ports: ReadonlyArray<number>) => ports.map((port) => `  server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n")

/** nginx's name for the header: lower case, dashes as underscores. */
const pinVariable = `$http_${pinHeader.replaceAll("-", "_")}`

export const loadBalancerSite = (options: SiteOptions): string => `
upstream portico_api {
${servers(options.apiPorts)}
}
upstream portico_relay {
${servers(options.relayPorts)}
}
${options.relayPorts.map((port, index) => `upstream portico_relay_${index} {\n  server 127.0.0.1:${port};\n}`).join("\n")}
map $http_upgrade $connection_upgrade {
  default upgrade;
  "" close;
}
map ${pinVariable} $portico_relay_pool {
  default portico_relay;
${options.relayPorts.map((_, index) => `  "${index}" portico_relay_${index};`).join("\n")}
}
server {
  listen 127.0.0.1:${options.apiListenPort};
  location / {
    proxy_pass http://portico_api;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;
  }
}
server {
  listen 127.0.0.1:${options.relayListenPort};
  location / {
    proxy_pass http://$portico_relay_pool;
    proxy_http_version 1.1;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_next_upstream error timeout;
    proxy_connect_timeout 2s;
    proxy_read_timeout 120s;
  }
}
`
