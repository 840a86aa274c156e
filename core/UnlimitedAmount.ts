/**
 * An amount no balance reaches: 2^256 − 1, or anything at or above 2^255 (half the range, more than any
 * token's supply). Approvals and permissions of such amounts hand over everything, now and later.
 */
import { maxUint256 } from "viem"

export const isUnlimited = (amount: bigint): boolean => amount >= maxUint256 / 2n
