/**
 * The operator's probes: `GET /healthz` (the process serves) and `GET /readyz` (its database and every
 * configured chain node answer). No projectId: a load balancer or an orchestrator asks them, not a page.
 */
import * as Schema from "effect/Schema"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"

export class Alive extends Schema.Class<Alive>("Alive")({
  status: Schema.Literal("ok")
}) {}

export class Ready extends Schema.Class<Ready>("Ready")({
  status: Schema.Literal("ok"),
  /** What was asked: `database` and each upstream's CAIP-2 network id. */
  checked: Schema.Array(Schema.String)
}) {}

/** 503: something the server needs does not answer; `failing` names each (`database`, a CAIP-2 network id). */
export class NotReady extends Schema.TaggedError<NotReady>()(
  "NotReady",
  { message: Schema.String, failing: Schema.Array(Schema.String) },
  { httpApiStatus: 503 }
) {
  /** The HTTP status, the same as the annotation above. */
  get status(): number {
    return 503
  }
}

export const healthPath = "/healthz"
export const readyPath = "/readyz"

export class OperationsApi extends HttpApiGroup.make("operations")
  .add(
    HttpApiEndpoint.get("healthz", healthPath, { success: Alive }),
    HttpApiEndpoint.get("readyz", readyPath, { success: Ready, error: NotReady })
  )
{}
