/** Chainlink's AggregatorV3Interface, as every data feed proxy answers it. */
import { parseAbi } from "viem"

export const aggregatorV3Abi = parseAbi([
  "function decimals() view returns (uint8)",
  "function description() view returns (string)",
  "function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)"
])
