/**
 * What the API server serves: the clients' contract (`PorticoApi`) and the operator's probes
 * (`OperationsApi`), which no page calls. Kept apart so the modal's bundle, which carries PorticoApi to
 * derive its client, does not carry the probes too. The server's OpenAPI document is this one's.
 */
import { OperationsApi } from "./OperationsApi.ts"
import { PorticoApi } from "./PorticoApi.ts"

export const ServedApi = PorticoApi.add(OperationsApi)
