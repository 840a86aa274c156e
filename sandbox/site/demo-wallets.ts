// Entry of the injected demo wallets on the demo site (kept apart from the dapp's own entry, main.tsx).
import "../wallets/inject.ts"
