/** The store modules the services use, built once from an open store. */
import type { Store } from '../store/db.js'
import { inTransaction } from '../store/dialect.js'
import { accountStore, type AccountStore } from '../store/accounts.js'
import { checkStore, type CheckStore } from '../store/checks.js'
import { docTable, type DocTable } from '../store/doc-table.js'
import { variableStore, type VariableStore } from '../store/variables.js'
import { alertSubscriptionStore, type AlertSubscriptionStore } from '../store/alert-subscriptions.js'
import { accountSettingsStore, type AccountSettingsStore } from '../store/account-settings.js'
import { privateLocationKeyStore, type PrivateLocationKeyStore } from '../store/private-location-keys.js'

export interface Stores {
  accounts: AccountStore
  checks: CheckStore
  checkGroups: DocTable<number>
  variables: VariableStore
  snippets: DocTable<number>
  alertChannels: DocTable<number>
  alertSubscriptions: AlertSubscriptionStore
  accountSettings: AccountSettingsStore
  maintenanceWindows: DocTable<number>
  privateLocations: DocTable<string>
  privateLocationKeys: PrivateLocationKeyStore
  statusPages: DocTable<string>
  statusPageServices: DocTable<string>
  statusPageIncidents: DocTable<string>
  statusPageIncidentUpdates: DocTable<string>
  statusPageSubscriptions: DocTable<string>
  dashboards: DocTable<number>
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/** Runs work with stores bound to one transaction, so a multi-table write is all or nothing. */
export type Transact = <T>(work: (stores: Stores) => Promise<T>) => Promise<T>

export function transactor(store: Store): Transact {
  return (work) => inTransaction(store.db, (trx) => work(buildStores({ ...store, db: trx })))
}

export function buildStores(store: Pick<Store, 'db' | 'dialect'>): Stores {
  const { db } = store
  return {
    accounts: accountStore(db),
    checks: checkStore(db, store.dialect),
    checkGroups: docTable(db, { table: 'check_groups', idKind: 'serial', columns: (d) => ({ name: String(d.name) }) }),
    variables: variableStore(db),
    snippets: docTable(db, { table: 'snippets', idKind: 'serial' }),
    alertChannels: docTable(db, { table: 'alert_channels', idKind: 'serial' }),
    alertSubscriptions: alertSubscriptionStore(db),
    accountSettings: accountSettingsStore(db),
    maintenanceWindows: docTable(db, { table: 'maintenance_windows', idKind: 'serial' }),
    privateLocations: docTable(db, {
      table: 'private_locations',
      idKind: 'uuid',
      columns: (d) => ({ slug_name: String(d.slugName) }),
      conflictMessage: 'A private location with this slugName already exists',
    }),
    privateLocationKeys: privateLocationKeyStore(db),
    statusPages: docTable(db, {
      table: 'status_pages',
      idKind: 'uuid',
      columns: (d) => ({ url: String(d.url), custom_domain: str(d.customDomain) }),
      conflictMessage: 'The status page url or custom domain is already taken',
    }),
    statusPageServices: docTable(db, { table: 'status_page_services', idKind: 'uuid' }),
    statusPageIncidents: docTable(db, { table: 'status_page_incidents', idKind: 'uuid' }),
    statusPageIncidentUpdates: docTable(db, {
      table: 'status_page_incident_updates',
      idKind: 'uuid',
      columns: (d) => ({ incident_id: String(d.incidentId) }),
    }),
    statusPageSubscriptions: docTable(db, {
      table: 'status_page_subscriptions',
      idKind: 'uuid',
      columns: (d) => ({ status_page_id: String(d.statusPageId), address: String(d.address).toLowerCase() }),
      conflictMessage: 'This address is already subscribed to the status page',
    }),
    dashboards: docTable(db, {
      table: 'dashboards',
      idKind: 'serial',
      columns: (d) => ({ dashboard_id: String(d.dashboardId), custom_url: str(d.customUrl), custom_domain: str(d.customDomain) }),
      conflictMessage: 'The dashboard customUrl or customDomain is already taken',
    }),
  }
}
