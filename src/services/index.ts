/** Every use case of the service, built from stores and a clock. */
import type { Clock } from '../lib/clock.js'
import type { Store } from '../store/db.js'
import { accountService, type AccountService } from './accounts.js'
import { checkService, type CheckService } from './checks.js'
import { buildStores } from './stores.js'

export interface Services {
  accounts: AccountService
  checks: CheckService
  /** True when the store answers a trivial query. */
  ping(): Promise<boolean>
}

export interface ServiceDeps {
  store: Store
  clock: Clock
  publicBaseUrl: string
}

export function buildServices(deps: ServiceDeps): Services {
  const stores = buildStores(deps.store)
  return {
    accounts: accountService({ stores, clock: deps.clock }),
    checks: checkService({ stores, clock: deps.clock, publicBaseUrl: deps.publicBaseUrl }),
    ping: () => stores.accounts.countAccounts().then(() => true, () => false),
  }
}
