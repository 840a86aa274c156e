/** One JSON-RPC call over HTTP: the answer's `result`, or its `error` (code, message, data) thrown as the node gave it. */
export const rpcCall = async (url: string, method: string, params: ReadonlyArray<unknown> = []): Promise<unknown> => {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params })
  })
  const body = (await response.json()) as { readonly result?: unknown; readonly error?: { readonly code: number; readonly message: string; readonly data?: unknown } }
  if (body.error !== undefined) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data })
  return body.result
}

/** One JSON-RPC call for the sandbox's start-up checks: its `result`, or undefined when the answer has none. */
export const rpcResult = (url: string, method: string, params: ReadonlyArray<unknown> = []): Promise<unknown> =>
  rpcCall(url, method, params).catch((error: unknown) => {
    if (error instanceof Error && "code" in error) return undefined
    throw error
  })
