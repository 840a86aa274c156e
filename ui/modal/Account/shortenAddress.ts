/** An address as the account view shows it: core's short form (0x1234…abcd), shared with the account list's labels. */
export { shortAddress as shortenAddress } from "../../../core/AccountList.ts"
