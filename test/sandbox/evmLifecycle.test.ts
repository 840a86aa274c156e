import { readdirSync, readFileSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { describe, expect, it } from "vitest"
import { startEvmDevnets } from "../../sandbox/evm/EvmDevnet.ts"
import { RpcServerError } from "../../sandbox/evm/RpcServer.ts"

// Linux lists each thread's direct children in /proc; the union is this process's child pids.
const childPids = (): ReadonlySet<string> =>
  new Set(
    readdirSync("/proc/self/task").flatMap((task) =>
      readFileSync(`/proc/self/task/${task}/children`, "utf8").split(" ").filter((pid) => pid.trim() !== "")
    )
  )

const listen = (port: number): Promise<Server> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve(server))
  })

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()))

const freePort = async (): Promise<number> => {
  const server = await listen(0)
  const address = server.address()
  await close(server)
  if (address === null || typeof address === "string") throw new Error("no port")
  return address.port
}

const chainIdAt = async (rpcUrl: string): Promise<unknown> => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "eth_chainId", params: [] })
  })
  return response.json()
}

describe("EVM devnet lifecycle", () => {
  it("runs in this process, and stop() closes both ports so the same ports start again", async () => {
    const before = childPids()
    const ports = [await freePort(), await freePort()] as const
    const first = await startEvmDevnets({ ports })
    expect(first.chains.map((chain) => chain.rpcUrl)).toEqual(ports.map((port) => `http://127.0.0.1:${port}`))
    // No process was spawned, so none can outlive the parent (Ctrl-C, crash or kill -9 alike).
    expect(childPids()).toEqual(before)
    expect(await chainIdAt(first.chains[0]?.rpcUrl ?? "")).toEqual({ jsonrpc: "2.0", id: 7, result: "0x7a69" })

    await first.stop()
    for (const chain of first.chains) await expect(chainIdAt(chain.rpcUrl)).rejects.toThrow()
    expect(childPids()).toEqual(before)

    const second = await startEvmDevnets({ ports })
    try {
      expect(second.deployment.chains.map((chain) => chain.contracts)).toEqual(first.deployment.chains.map((chain) => chain.contracts))
      expect(await chainIdAt(second.chains[1]?.rpcUrl ?? "")).toEqual({ jsonrpc: "2.0", id: 7, result: "0x7a6a" })
    } finally {
      await second.stop()
    }
  })

  it("rejects when a port is taken and leaves the other chain's port closed", async () => {
    const free = await freePort()
    const taken = await listen(0)
    const address = taken.address()
    if (address === null || typeof address === "string") throw new Error("no port")
    try {
      await expect(startEvmDevnets({ ports: [free, address.port] })).rejects.toBeInstanceOf(RpcServerError)
      await close(await listen(free))
    } finally {
      await close(taken)
    }
  })

  it("answers batches, parse errors and reverts as JSON-RPC 2.0 over HTTP with open CORS", async () => {
    const devnets = await startEvmDevnets()
    try {
      const rpcUrl = devnets.chains[0]?.rpcUrl ?? ""
      const post = async (body: string) => {
        const response = await fetch(rpcUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body })
        expect(response.headers.get("access-control-allow-origin")).toBe("*")
        return response.json()
      }
      expect(
        await post(JSON.stringify([
          { jsonrpc: "2.0", id: 1, method: "eth_chainId" },
          { jsonrpc: "2.0", id: "b", method: "net_version", params: [] }
        ]))
      ).toEqual([
        { jsonrpc: "2.0", id: 1, result: "0x7a69" },
        { jsonrpc: "2.0", id: "b", result: "31337" }
      ])
      expect(await post("{not json")).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } })
      expect(await post(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "no_such_method", params: [] }))).toMatchObject({
        id: 2,
        error: { code: -32004, message: expect.stringContaining("no_such_method") }
      })
      // ownerOf(999) reverts with NonexistentToken(999): code 3 and the raw revert data, as geth answers.
      const data = `0x6352211e${(999).toString(16).padStart(64, "0")}`
      const reverted = await post(
        JSON.stringify({ jsonrpc: "2.0", id: 3, method: "eth_call", params: [{ to: devnets.deployment.collections[0]?.address, data }, "latest"] })
      )
      expect(reverted).toMatchObject({ id: 3, error: { code: 3, data: expect.stringMatching(/^0x[0-9a-f]{8}0{61}3e7$/) } })
      const preflight = await fetch(rpcUrl, { method: "OPTIONS" })
      expect(preflight.status).toBe(204)
      expect(preflight.headers.get("access-control-allow-methods")).toContain("POST")
    } finally {
      await devnets.stop()
    }
  })
})
