/**
 * The API suite against the real server on loopback with an in-memory PGlite database.
 */
import { apiSuite } from "../support/apiSuite.ts"

apiSuite(() => ({}))
