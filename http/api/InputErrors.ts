/**
 * The middleware contract that turns a request failing its Schema (params, query, payload) into a
 * typed 400 `BadRequest` whose message names the offending field, instead of an empty 400.
 */
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import { BadRequest } from "./ApiError.ts"

export class InputErrors extends HttpApiMiddleware.Service<InputErrors>()("portico/http/api/InputErrors", {
  error: BadRequest
}) {}
