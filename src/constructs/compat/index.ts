/**
 * 'checkly' for projects written for the hosted service's CLI: `defineConfig` for checkly.config.ts, the config's
 * type, and the constructs as the `constructs` namespace, as the vendor's package exports them.
 */
export * as constructs from './constructs.js'
export { defineConfig, type ChecklyConfig } from './config.js'
