/** The store modules the services use, built once from an open store. */
import type { Store } from '../store/db.js'
import { accountStore, type AccountStore } from '../store/accounts.js'
import { checkStore, type CheckStore } from '../store/checks.js'
import { checkGroupStore, type CheckGroupStore } from '../store/check-groups.js'

export interface Stores {
  accounts: AccountStore
  checks: CheckStore
  checkGroups: CheckGroupStore
}

export function buildStores(store: Store): Stores {
  return {
    accounts: accountStore(store.db),
    checks: checkStore(store.db, store.dialect),
    checkGroups: checkGroupStore(store.db),
  }
}
