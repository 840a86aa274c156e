import { assert, describe, it } from "@effect/vitest"
import * as Constants from "../../core/Constants.ts"

// Each value as the spec states it (sections 4 and 9), written in the spec's own units.
const second = 1000
const minute = 60 * second

describe("Constants match the spec", () => {
  it("timers and caches", () => {
    assert.strictEqual(Constants.emailCooldownMillis, 30 * second)
    assert.strictEqual(Constants.balanceCacheTtlMillis, 30 * second)
    assert.strictEqual(Constants.nativeBalanceCacheTtlMillis, 30 * second)
    assert.strictEqual(Constants.nameCacheTtlMillis, 5 * minute)
    assert.strictEqual(Constants.identityCacheTtlMillis, 5 * minute)
    assert.strictEqual(Constants.tokenBalanceRetryGateMillis, 30 * second)
    assert.strictEqual(Constants.toastSwapDelayMillis, 150)
    assert.strictEqual(Constants.shakeMillis, 500)
    assert.strictEqual(Constants.headerTextAnimationMillis, 120)
    assert.strictEqual(Constants.modalHeightAnimationMillis, 150)
    assert.strictEqual(Constants.viewTransitionAnimationMillis, 150)
    assert.strictEqual(Constants.pairingExpiryMillis, 4 * minute)
    assert.strictEqual(Constants.pairingExpiryThresholdMillis, 10 * second)
    assert.strictEqual(Constants.defaultRetryDelayMillis, 1 * second)
    assert.strictEqual(Constants.debounceMillis, 500)
    assert.strictEqual(Constants.imagePreloadTimeoutMillis, 2 * second)
    assert.strictEqual(Constants.iframeReadyWaitMillis, 500)
    assert.strictEqual(Constants.iframeLoadTimeoutMillis, 20 * second)
    assert.strictEqual(Constants.requestTimeoutMillis, 30 * second)
    assert.strictEqual(Constants.farcasterBackDelayMillis, 100)
    assert.isTrue(Constants.retryAfterCapMillis >= Constants.defaultRetryDelayMillis)
    assert.isTrue(Constants.httpRetryAttempts >= 1)
  })

  it("limits", () => {
    assert.strictEqual(Constants.recentWalletsLimit, 2)
    assert.strictEqual(Constants.pendingTransactionsLimit, 99)
    assert.strictEqual(Constants.walletsPageSize, 40)
    assert.strictEqual(Constants.recommendedWalletsCount, 4)
    assert.strictEqual(Constants.walletSearchEntries, 100)
    assert.strictEqual(Constants.walletSearchWaitMillis, 300)
    assert.strictEqual(Constants.swapSlippageTolerance, 1)
  })

  it("onramp fallback limits", () => {
    assert.deepStrictEqual(Constants.onrampFallbackPaymentCurrencies, ["USD", "EUR"])
    assert.deepStrictEqual(Constants.onrampFallbackPaymentMethodLimits, [
      { id: "card", min: "10.00", max: "7500.00" },
      { id: "ach_bank_account", min: "10.00", max: "25000.00" }
    ])
  })

  it("RPC", () => {
    assert.strictEqual(Constants.rpcTimeoutMillis, 10 * second)
    assert.strictEqual(Constants.rpcBatchSize, 1000)
    assert.strictEqual(Constants.rpcRetryAttempts, 3)
    assert.strictEqual(Constants.rpcRetryBaseDelayMillis, 150)
    assert.strictEqual(Constants.rpcRetryFactor, 2)
    assert.strictEqual(Constants.rpcDedupeCacheSize, 8192)
    assert.strictEqual(Constants.rpcRankingSampleCount, 10)
    assert.strictEqual(Constants.rpcRankingTimeoutMillis, 1 * second)
    assert.strictEqual(Constants.rpcRankingStabilityWeight, 0.7)
    assert.strictEqual(Constants.rpcRankingLatencyWeight, 0.3)
    assert.strictEqual(Constants.rpcRankingIntervalMillis, 4 * second)
  })

  it("display and defaults", () => {
    assert.strictEqual(Constants.defaultDisplayDecimals, 2)
    assert.strictEqual(Constants.balanceDisplayDecimals, 3)
    assert.strictEqual(Constants.tokenBalanceDisplayDecimals, 2)
    assert.strictEqual(Constants.activityDisplayDecimals, 3)
    assert.strictEqual(Constants.defaultLogLevel, "error")
    assert.strictEqual(Constants.logBufferBytes, 1_024_000)
    assert.strictEqual(Constants.modalWidthPx, 360)
    const on = Object.entries(Constants.defaultFeatures).filter(([, v]) => v).map(([k]) => k)
    const off = Object.entries(Constants.defaultFeatures).filter(([, v]) => !v).map(([k]) => k)
    assert.deepStrictEqual(on, ["swaps", "onramp", "receive", "send", "email", "history", "analytics", "allWallets"])
    assert.deepStrictEqual(off, ["legalCheckbox", "smartSessions", "pay"])
    assert.deepStrictEqual(Constants.defaultSocials, ["google", "x", "discord", "farcaster", "github", "apple", "facebook"])
    assert.deepStrictEqual(Constants.walletFeatureOrder, ["onramp", "swaps", "receive", "send"])
  })
})
