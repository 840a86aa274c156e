import type { Server } from "node:http"
import type { AddressInfo } from "node:net"

/** Starts `server` on `host`:`port` (0 picks an ephemeral port) and resolves with the port it got. */
export const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
