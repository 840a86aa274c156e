/**
 * The server side of `InputErrors`: a request that fails its Schema answers 400 `BadRequest` whose
 * message names where (query, params, payload) and which field failed.
 */
import * as Effect from "effect/Effect"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import { BadRequest } from "../api/ApiError.ts"
import { InputErrors } from "../api/InputErrors.ts"

export const layer = HttpApiMiddleware.layerSchemaErrorTransform(InputErrors, (error) =>
  Effect.fail(new BadRequest({ message: `${error.kind.toLowerCase()}: ${error.cause.message.replace(/\s+/g, " ").trim()}` })))
