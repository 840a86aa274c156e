/**
 * A TCP load balancer in front of several relay processes, as an operator puts one: each new connection
 * goes to the first backend that accepts it, so when a process stops, its clients' reconnects land on
 * another. Sticky sessions are not needed and not offered.
 */
import { createConnection, createServer, type Socket } from "node:net"

export interface LoadBalancer {
  /** ws://127.0.0.1:port: the relay URL clients are given. */
  readonly url: string
  readonly stop: () => Promise<void>
}

/** `backends()` lists the relay URLs in order of preference, read at each connection. */
export const startLoadBalancer = async (backends: () => ReadonlyArray<string>): Promise<LoadBalancer> => {
  const open = new Set<Socket>()
  const forward = (client: Socket, index: number): void => {
    const backend = backends()[index]
    if (backend === undefined) return void client.destroy()
    const { hostname, port } = new URL(backend)
    const upstream = createConnection({ host: hostname, port: Number(port) })
    let connected = false
    upstream.on("error", () => {
      if (connected) client.destroy()
      else forward(client, index + 1)
    })
    upstream.once("connect", () => {
      connected = true
      open.add(upstream)
      upstream.on("close", () => open.delete(upstream))
      client.pipe(upstream).pipe(client)
      client.resume()
    })
  }
  const server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client)
    client.on("close", () => open.delete(client))
    client.on("error", () => client.destroy())
    forward(client, 0)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return {
    url: `ws://127.0.0.1:${port}`,
    stop: async () => {
      for (const socket of open) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
