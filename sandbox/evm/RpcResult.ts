/** One JSON-RPC call over HTTP, for the sandbox's start-up checks: its `result`, or undefined when the answer has none. */
export const rpcResult = async (url: string, method: string, params: ReadonlyArray<unknown> = []): Promise<unknown> => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
  })
  const body: unknown = await response.json()
  return typeof body === "object" && body !== null && "result" in body ? body.result : undefined
}
