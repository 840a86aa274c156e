/** `portico/wagmi`: Portico as a wagmi 3 connector. */
export { porticoConnector } from "./porticoConnector.ts"
