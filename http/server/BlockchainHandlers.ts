/**
 * Handlers of the Blockchain API group: supported chains, balances, fungible prices (prices/Prices.ts),
 * history, identity and names (Portico's own, and ENS through EnsNames.ts), swaps (convert, over
 * convert/Swaps.ts) and onramp (over onramp/; 501 without ServerOptions.onramp).
 */
import { createHash } from "node:crypto"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as Address from "../../core/Address.ts"
import * as Constants from "../../core/Constants.ts"
import * as Name from "../../core/Name.ts"
import * as TtlCache from "../../core/TtlCache.ts"
import { BadRequest, Conflict, InvalidSignature, NotImplemented } from "../api/ApiError.ts"
import { Identity } from "../../core/Identity.ts"
import { NameAccount, NameNotRegistered, NameSuggestions, RegisterNameMessage, RegisterNameResult } from "../../core/Name.ts"
import { Balances, type TokenBalance } from "../../core/TokenBalance.ts"
import { History } from "../../core/Transaction.ts"
import { FungiblePrices, SupportedChains } from "../api/BlockchainApi.ts"
import { PorticoApi } from "../api/PorticoApi.ts"
import { tokenImageUrl } from "./Balances.ts"
import * as ClientAddress from "./ClientAddress.ts"
import { Swaps } from "./convert/Swaps.ts"
import { EnsNames, type EnsProfile } from "./EnsNames.ts"
import { Prices } from "./prices/Prices.ts"
import { Repository, type NameRecord } from "./Repository.ts"
import * as EncodedAnswers from "./EncodedAnswers.ts"
import { requestBase } from "./RequestBase.ts"
import { ServerContext } from "./ServerContext.ts"
import * as StrictInput from "./StrictInput.ts"
import { verify } from "./SignatureVerification.ts"
import * as HistoryPages from "./explorer/HistoryPages.ts"

/** Transactions per history page. EVM cursors are `<block>.<shown>` (explorer/HistoryPages.ts); Solana cursors are the page's last signature. */
export const historyPageSize = 20

/**
 * How long a history page is kept. The newest page changes with every block, so it is kept briefly (a
 * pending send shows up within a few seconds); an older page is bounded by blocks already mined.
 */
export const latestHistoryTtlMillis = 3_000
export const olderHistoryTtlMillis = 60_000

/** Accounts whose balances are kept at once (addresses come from outside, so the caches are bounded). */
const balanceCacheCapacity = 10_000

const solanaSignature = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

const notYet = (feature: string) => new NotImplemented({ message: `${feature} is not served by this server yet` })

/** The namespace of an EVM or Solana address; anything else is a BadRequest. */
const namespaceOf = (address: string): Effect.Effect<"eip155" | "solana", BadRequest> =>
  Address.isValid("eip155", address)
    ? Effect.succeed("eip155")
    : Address.isValid("solana", address)
    ? Effect.succeed("solana")
    : Effect.fail(new BadRequest({ message: `address: ${address} is not an eip155 or solana address` }))

const toAccount = (record: NameRecord): NameAccount =>
  new NameAccount({
    name: record.name,
    registered: record.registered,
    updated: record.updated,
    attributes: record.attributes,
    addresses: Object.fromEntries(record.addresses.map((entry) => [String(entry.coinType), { address: entry.address, created: entry.created }]))
  })

/** An ENS name in the profile shape: its Ethereum address (coin type 60) and avatar; no address when ENS has none. */
/** An ENS name as the profile lookup answers it: one ENS knows no address for is not registered. */
const ensAccount = (name: string, profile: EnsProfile | undefined): NameAccount | NameNotRegistered =>
  profile === undefined
    ? new NameNotRegistered({ name })
    : new NameAccount({
      name,
      registered: "",
      updated: "",
      attributes: profile.avatar === null ? {} : { avatar: profile.avatar },
      addresses: { "60": { address: profile.address, created: "" } }
    })

const decodeMessage = Schema.decodeUnknownEffect(Schema.fromJsonString(RegisterNameMessage))

export const BlockchainHandlers = HttpApiBuilder.group(PorticoApi, "blockchain", (handlers) =>
  Effect.gen(function*() {
    const context = yield* ServerContext
    const repository = yield* Repository
    const swaps = yield* Swaps
    const prices = yield* Prices
    const ens = yield* EnsNames
    const zone = context.nameZone

    // core's 30 s balance cache, keyed by image base, chain and address; failures are not cached. The
    // whole answer is kept encoded as long, so a repeated question costs no encoding either.
    const balanceCache = yield* TtlCache.makeBalance<ReadonlyArray<TokenBalance>>({ capacity: balanceCacheCapacity })
    const balanceAnswers = yield* EncodedAnswers.make(Balances, Constants.balanceCacheTtlMillis, balanceCacheCapacity)
    const latestHistory = yield* EncodedAnswers.make(History, latestHistoryTtlMillis, balanceCacheCapacity)
    const olderHistory = yield* EncodedAnswers.make(History, olderHistoryTtlMillis, balanceCacheCapacity)

    const chainsFor = (address: string, chainId: string | undefined) =>
      Effect.gen(function*() {
        const namespace = yield* namespaceOf(address)
        if (chainId === undefined) return context.balances.chains.filter((chain) => chain.startsWith(`${namespace}:`))
        if (!context.balances.chains.includes(chainId)) {
          return yield* new BadRequest({ message: `chainId: network ${chainId} is not supported` })
        }
        if (!chainId.startsWith(`${namespace}:`)) {
          return yield* new BadRequest({ message: `address: ${address} is not an address on ${chainId}` })
        }
        return [chainId]
      })

    const onramp = context.onramp === undefined ? Effect.fail(notYet("Onramp")) : Effect.succeed(context.onramp)

    /** `alice.portico.id` → `alice`; the label must follow core's name rules. */
    const labelOf = (field: string, name: string) => {
      const label = name.endsWith(zone) ? name.slice(0, -zone.length) : name
      return Name.validate(label).pipe(Effect.mapError((error) => new BadRequest({ message: `${field}: ${error.message}` })))
    }

    return handlers
      .handle("supportedChains", () => Effect.succeed(new SupportedChains({ http: context.balances.chains, ws: [], swap: swaps.chains })))
      .handle("identity", ({ params }) =>
        Effect.gen(function*() {
          const namespace = yield* namespaceOf(params.address)
          // An EVM address's primary ENS name comes first: it is the one the visitor chose on chain.
          const primary = namespace === "eip155" ? yield* ens.primary(params.address) : undefined
          if (primary !== undefined) return new Identity({ name: primary.name, avatar: primary.avatar })
          const [first] = yield* repository.namesOf(params.address)
          return new Identity({ name: first?.name ?? null, avatar: first?.attributes["avatar"] ?? null })
        }))
      .handle("history", ({ params, query }) =>
        Effect.gen(function*() {
          const namespace = yield* namespaceOf(params.address)
          if (query.onramp !== undefined) {
            // The address's onramp purchases (http/server/onramp/Purchases.ts), not its transactions.
            const served = yield* onramp
            const offset = yield* StrictInput.integer("cursor", query.cursor, { min: 0, max: Number.MAX_SAFE_INTEGER, fallback: 0 })
            const imageBase = yield* requestBase(context)
            return yield* served.purchases.history({ address: params.address, chainId: query.chainId, onramp: query.onramp, offset, imageBase })
          }
          if (namespace === "solana") {
            const solana = context.solanaHistory
            if (solana === undefined || (query.chainId !== undefined && query.chainId !== solana.chainId)) {
              return yield* new BadRequest({ message: `chainId: network ${query.chainId ?? "solana"} is not supported` })
            }
            if (query.cursor !== undefined && !solanaSignature.test(query.cursor)) {
              return yield* new BadRequest({ message: "cursor: not a cursor this server gave" })
            }
            return new History(yield* solana.page(params.address, query.cursor, historyPageSize))
          }
          const cursor = query.cursor === undefined ? undefined : HistoryPages.decodeCursor(query.cursor)
          if (query.cursor !== undefined && cursor === undefined) {
            return yield* new BadRequest({ message: "cursor: not a cursor this server gave" })
          }
          const chainId = query.chainId ?? context.history.chains[0]
          if (chainId === undefined || !context.history.chains.includes(chainId)) {
            return yield* new BadRequest({ message: `chainId: network ${query.chainId ?? "eip155"} is not supported` })
          }
          if (query.chainId === undefined && context.history.chains.length > 1) {
            return yield* new BadRequest({ message: "chainId: required for EVM history (each chain is paged on its own)" })
          }
          const base = yield* requestBase(context)
          const answers = cursor === undefined ? latestHistory : olderHistory
          return yield* answers.answer(
            `${base}|${TtlCache.keyOf(params.address)}|${chainId}|${query.cursor ?? ""}`,
            context.history.page(params.address, chainId, cursor, base)
          )
        }))
      .handle("convertQuotes", ({ query }) => swaps.quotes(query))
      .handle("convertTokens", ({ query }) => Effect.flatMap(requestBase(context), (base) => swaps.tokens(query.chainId, base)))
      .handle("convertAllowance", ({ query }) => swaps.allowance(query))
      .handle("convertGasPrice", ({ query }) => swaps.gasPrice(query.chainId))
      .handle("convertBuildTransaction", ({ payload }) => swaps.buildTransaction(payload))
      .handle("convertBuildApprove", ({ query }) => swaps.buildApprove(query))
      .handle("onrampUrl", ({ payload }) =>
        Effect.gen(function*() {
          const served = yield* onramp
          const request = yield* HttpServerRequest.HttpServerRequest
          return yield* served.offers.checkoutUrl(payload, ClientAddress.of(request, context.trustedProxies))
        }))
      .handle("onrampOptions", () => Effect.flatMap(onramp, (served) => served.offers.options))
      .handle("onrampQuote", ({ payload }) => Effect.flatMap(onramp, (served) => served.offers.quote(payload)))
      .handle("balance", ({ params, query }) =>
        Effect.gen(function*() {
          const chains = yield* chainsFor(params.address, query.chainId)
          const base = yield* requestBase(context)
          const owner = TtlCache.keyOf(params.address)
          const refresh = query.forceUpdate === "true"
          const answer = (fresh: boolean) =>
            Effect.map(
              Effect.forEach(chains, (chain) => {
                const key = `${base}|${chain}|${owner}`
                const fetch = context.balances.read(chain, params.address, base)
                return fresh ? Effect.tap(fetch, (balances) => balanceCache.set(key, balances)) : balanceCache.getOrFetch(key, fetch)
              }, { concurrency: "unbounded" }),
              (balances) => new Balances({ balances: balances.flat() })
            )
          // Renewed from the chains, not from the per-chain cache that is as old as the answer.
          return yield* balanceAnswers.answer(`${base}|${chains.join(",")}|${owner}`, answer(refresh), { refresh, renew: answer(true) })
        }))
      .handle("fungiblePrice", ({ payload }) =>
        Effect.gen(function*() {
          const base = yield* requestBase(context)
          const known = payload.addresses.filter((address) => context.fungibles.has(address.toLowerCase()))
          const usd = yield* prices.usd(known)
          const fungibles = known.flatMap((address) => {
            const info = context.fungibles.get(address.toLowerCase())
            const price = usd.get(address)
            return info === undefined || price === undefined
              ? []
              : [{ name: info.name, symbol: info.symbol, price, address, iconUrl: tokenImageUrl(base, info.symbol) }]
          })
          return new FungiblePrices({ fungibles })
        }))
      .handle("profileAccount", ({ params }) =>
        Effect.gen(function*() {
          const name = params.name.toLowerCase()
          // A name outside Portico's zone is ENS's (with ENS configured): one ENS has no address for is
          // answered as not registered, as an unknown Portico name is (no 404 on the way).
          if (!name.endsWith(zone) && ens.configured) return ensAccount(name, yield* ens.resolve(name))
          yield* labelOf("name", name)
          const record = yield* repository.findName(name)
          return record === undefined ? new NameNotRegistered({ name }) : toAccount(record)
        }))
      .handle("profileReverse", ({ params }) =>
        Effect.gen(function*() {
          yield* namespaceOf(params.address)
          return (yield* repository.namesOf(params.address)).map(toAccount)
        }))
      .handle("profileSuggestions", ({ params }) =>
        Effect.gen(function*() {
          const label = yield* labelOf("name", params.name.toLowerCase())
          const candidates = [label, `${label}-1`, `${label}1`, `${label}-app`, `my-${label}`].map((candidate) => `${candidate}${zone}`)
          const taken = yield* repository.takenNames(candidates)
          return new NameSuggestions({ suggestions: candidates.map((name) => ({ name, registered: taken.has(name) })) })
        }))
      .handle("registerName", ({ payload }) =>
        Effect.gen(function*() {
          const message = yield* decodeMessage(payload.message).pipe(
            Effect.mapError(() => new BadRequest({ message: "message: must be the JSON text {name, attributes?, timestamp, nonce?}" }))
          )
          // Names are case-insensitive: stored lower-case, so `Alice` can never shadow `alice`.
          const name = message.name.toLowerCase()
          if (!name.endsWith(zone)) return yield* new BadRequest({ message: `name: must end with ${zone}` })
          yield* labelOf("name", name)
          const now = yield* Clock.currentTimeMillis
          if (Math.abs(now - message.timestamp) > context.registrationMaxAgeSeconds * 1000) {
            return yield* new BadRequest({ message: "message.timestamp: the signed message is too old or in the future" })
          }
          const valid = yield* Effect.promise(() => verify(payload.coin_type, payload.address, payload.message, payload.signature))
          if (!valid) return yield* new InvalidSignature({ message: "signature: does not sign the message for this address" })
          const messageDigest = createHash("sha256").update(`${payload.coin_type}\n${payload.address.toLowerCase()}\n${payload.message}`).digest("hex")
          const outcome = yield* repository.register({
            name,
            coinType: payload.coin_type,
            address: payload.address,
            attributes: message.attributes ?? {},
            messageDigest
          })
          if (outcome === "replayed") {
            // A retry of a registration that went through (the answer was lost) succeeds again: the
            // signed message is its idempotency key. Any other reuse of a signed message is refused.
            const record = yield* repository.findName(name)
            const same = record?.addresses.some((entry) => entry.coinType === payload.coin_type && entry.address.toLowerCase() === payload.address.toLowerCase())
            if (same === true) return new RegisterNameResult({ success: true, name })
            return yield* new Conflict({ message: "message: this signed message was already used" })
          }
          if (outcome === "taken") return yield* new Conflict({ message: `name: ${name} is already taken` })
          return new RegisterNameResult({ success: true, name })
        }))
  })
)
