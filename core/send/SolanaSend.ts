/**
 * A solana send (spec §7 "Sending": a Solana send is a transaction): SOL moves with a System program
 * transfer; an SPL token with `transferChecked` between the sender's and the receiver's associated
 * token accounts, creating the receiver's first when it is missing. The unsigned transaction goes
 * through the connector's `solana_signAndSendTransaction`, whichever kind of connector holds the
 * account; reads (blockhash, accounts, fee) go through a `ChainRead`.
 */
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getTransactionEncoder,
  type Instruction,
  isAddress,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction
} from "@solana-program/token"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type * as Connector from "../Connector.ts"
import type { ChainRead, ChainReadError } from "../rpc/ChainRead.ts"

export interface SolanaTransfer {
  readonly from: string
  readonly to: string
  /** Lamports for SOL, the mint's smallest unit for a token. */
  readonly units: bigint
  /** The SPL mint and its decimals; absent for SOL. */
  readonly mint?: { readonly address: string; readonly decimals: number }
}

const LatestBlockhash = Schema.Struct({
  value: Schema.Struct({ blockhash: Schema.String, lastValidBlockHeight: Schema.Union([Schema.Number, Schema.BigInt]) })
})
const AccountInfo = Schema.Struct({ value: Schema.NullOr(Schema.Struct({ owner: Schema.String })) })
const FeeForMessage = Schema.Struct({ value: Schema.NullOr(Schema.Number) })
/** Wallet Standard answers the signature's bytes; WalletConnect answers it in base58. */
const SignatureAnswer = Schema.Struct({
  signature: Schema.Union([Schema.Uint8Array, Schema.Array(Schema.Number), Schema.String])
})

const decode = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, method: string) => (answer: unknown) =>
  Effect.mapError(
    Schema.decodeUnknownEffect(schema)(answer),
    () => new SolanaSendAnswerError({ method, message: `${method} answered an unexpected shape` })
  )

const validAddress = (field: string, value: string) =>
  isAddress(value)
    ? Effect.succeed(address(value))
    : Effect.fail(new SolanaSendInvalidAddressError({ field, address: value, message: "Invalid address" }))

/** The program that owns an account, or undefined when the account does not exist. */
const ownerOf = (read: ChainRead, account: string) =>
  read({ method: "getAccountInfo", params: [account, { encoding: "base64" }] }).pipe(
    Effect.flatMap(decode(AccountInfo, "getAccountInfo")),
    Effect.map((answer) => answer.value?.owner)
  )

/** The instructions of a transfer; a token transfer reads the mint's program and the receiver's account. */
export const instructionsOf = (
  read: ChainRead,
  transfer: SolanaTransfer
): Effect.Effect<ReadonlyArray<Instruction>, ChainReadError | SolanaSendAnswerError | SolanaSendInvalidAddressError> =>
  Effect.gen(function*() {
    const from = yield* validAddress("from", transfer.from)
    const to = yield* validAddress("to", transfer.to)
    const source = createNoopSigner(from)
    if (transfer.mint === undefined) {
      return [getTransferSolInstruction({ source, destination: to, amount: lamports(transfer.units) })]
    }
    const mint = yield* validAddress("mint", transfer.mint.address)
    const program = yield* ownerOf(read, mint)
    if (program === undefined) {
      return yield* new SolanaSendInvalidAddressError({ field: "mint", address: mint, message: "The mint does not exist" })
    }
    const tokenProgram = address(program)
    const [sourceAccount] = yield* Effect.promise(() => findAssociatedTokenPda({ owner: from, mint, tokenProgram }))
    const [destinationAccount] = yield* Effect.promise(() => findAssociatedTokenPda({ owner: to, mint, tokenProgram }))
    const receiverHasAccount = (yield* ownerOf(read, destinationAccount)) !== undefined
    const transferChecked = getTransferCheckedInstruction(
      { source: sourceAccount, mint, destination: destinationAccount, authority: source, amount: transfer.units, decimals: transfer.mint.decimals },
      { programAddress: tokenProgram }
    )
    return receiverHasAccount
      ? [transferChecked]
      : [getCreateAssociatedTokenIdempotentInstruction({ payer: source, ata: destinationAccount, owner: to, mint, tokenProgram }), transferChecked]
  })

/** The unsigned transaction in wire format, paid by the sender, on the latest blockhash. */
export const transactionOf = (
  read: ChainRead,
  transfer: SolanaTransfer
): Effect.Effect<{ readonly wire: Uint8Array; readonly message: string }, ChainReadError | SolanaSendAnswerError | SolanaSendInvalidAddressError> =>
  Effect.gen(function*() {
    const instructions = yield* instructionsOf(read, transfer)
    const latest = yield* read({ method: "getLatestBlockhash", params: [{ commitment: "confirmed" }] }).pipe(
      Effect.flatMap(decode(LatestBlockhash, "getLatestBlockhash"))
    )
    const lifetime = { blockhash: blockhash(latest.value.blockhash), lastValidBlockHeight: BigInt(latest.value.lastValidBlockHeight) }
    const compiled = compileTransaction(pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(transfer.from), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m)
    ))
    return {
      wire: new Uint8Array(getTransactionEncoder().encode(compiled)),
      message: getBase64Decoder().decode(compiled.messageBytes)
    }
  })

/** Network fee estimate in lamports (getFeeForMessage on the compiled transfer). */
export const estimateFee = (
  read: ChainRead,
  transfer: SolanaTransfer
): Effect.Effect<bigint, ChainReadError | SolanaSendAnswerError | SolanaSendInvalidAddressError> =>
  Effect.gen(function*() {
    const { message } = yield* transactionOf(read, transfer)
    const answer = yield* Effect.flatMap(read({ method: "getFeeForMessage", params: [message] }), decode(FeeForMessage, "getFeeForMessage"))
    if (answer.value === null) return yield* new SolanaSendAnswerError({ method: "getFeeForMessage", message: "The blockhash expired" })
    return BigInt(answer.value)
  })

/** Sends the transfer through the connector and answers its base58 signature. */
export const send = (
  client: Connector.ConnectorClient,
  read: ChainRead,
  transfer: SolanaTransfer
): Effect.Effect<string, Connector.ConnectorFailure | ChainReadError | SolanaSendAnswerError | SolanaSendInvalidAddressError> =>
  Effect.flatMap(transactionOf(read, transfer), ({ wire }) => signAndSend(client, wire))

/**
 * Has the connector sign a transaction in wire format (others' signatures kept) and send it; answers its
 * base58 signature. Sends and swaps go through here.
 */
export const signAndSend = (
  client: Connector.ConnectorClient,
  wire: Uint8Array
): Effect.Effect<string, Connector.ConnectorFailure | SolanaSendAnswerError> =>
  Effect.gen(function*() {
    // Every connector takes the bytes; one whose wire carries text (WalletConnect: base64) encodes them itself.
    const answer = yield* client.request({ method: "solana_signAndSendTransaction", params: { transaction: wire } }).pipe(
      Effect.flatMap(decode(SignatureAnswer, "solana_signAndSendTransaction"))
    )
    const { signature } = answer
    return typeof signature === "string" ? signature : getBase58Decoder().decode(Uint8Array.from(signature))
  })

export class SolanaSendInvalidAddressError extends Schema.TaggedError<SolanaSendInvalidAddressError>()("SolanaSendInvalidAddressError", {
  field: Schema.String,
  address: Schema.String,
  message: Schema.String
}) {}

export class SolanaSendAnswerError extends Schema.TaggedError<SolanaSendAnswerError>()("SolanaSendAnswerError", {
  method: Schema.String,
  message: Schema.String
}) {}
