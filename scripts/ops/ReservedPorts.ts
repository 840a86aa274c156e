/**
 * Loopback ports held open until whoever must listen on them is about to: the processes started meanwhile
 * with port 0 (and their metrics ports) cannot be handed one of them by the kernel, as they could be if the
 * ports had been found free and closed at once.
 */
import { createServer, type Server } from "node:net"

export interface ReservedPorts {
  readonly ports: ReadonlyArray<number>
  /** Closes the holders; call it just before the real listener starts. */
  readonly release: () => Promise<void>
}

const hold = () =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve(server))
  })

export const reservePorts = async (count: number): Promise<ReservedPorts> => {
  const holders = await Promise.all(Array.from({ length: count }, hold))
  return {
    ports: holders.map((server) => {
      const address = server.address()
      return typeof address === "object" && address !== null ? address.port : 0
    }),
    release: async () => {
      await Promise.all(holders.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))
    }
  }
}
