/**
 * Swap errors (spec section 8). Swaps and their gas price estimates run only on the supported
 * swap networks; any other network fails with these.
 */
import * as Schema from "effect/Schema"
import { fixed } from "./FixedMessage.ts"

export class SwapNetworkNotSupportedError extends Schema.TaggedError<SwapNetworkNotSupportedError>()(
  "SwapNetworkNotSupportedError",
  { message: fixed("Network not supported for Swaps") }
) {}

export class GasPriceNetworkNotSupportedError extends Schema.TaggedError<GasPriceNetworkNotSupportedError>()(
  "GasPriceNetworkNotSupportedError",
  { message: fixed("Network not supported for Gas Price") }
) {}
