/** 128 random bits, hex: request ids (FrameProtocol's RequestId), panel ids and call bundle ids. */
export const randomId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("")
