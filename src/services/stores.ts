/** The services use every store; see store/all-stores.ts. */
export { buildStores, transactor, type Stores, type Transact } from '../store/all-stores.js'
