/** Row shapes of every table, as Kysely sees them. Times are epoch milliseconds; booleans are 0/1. */
import type { Generated } from 'kysely'

export interface AccountRow {
  id: string
  name: string
  created_at: number
}

export interface ApiKeyRow {
  id: string
  account_id: string
  name: string
  key_hash: string
  key_prefix: string
  created_at: number
  revoked_at: number | null
}

export interface CheckRow {
  id: string
  account_id: string
  check_type: string
  name: string
  activated: number
  group_id: number | null
  /** The request URL of API and URL checks, for apiCheckUrlFilterPattern. */
  url: string | null
  /** Heartbeat checks only: the secret token of the ping address. */
  ping_token: string | null
  doc: string
  created_at: number
  updated_at: number | null
}

export interface CheckTagRow {
  check_id: string
  account_id: string
  tag: string
}

export interface CheckGroupRow {
  id: Generated<number>
  account_id: string
  name: string
  doc: string
  created_at: number
  updated_at: number | null
}

export interface CheckStatusRow {
  check_id: string
  account_id: string
  status: string
  updated_at: number
}

export interface VariableRow {
  account_id: string
  key: string
  value: string
  locked: number
  secret: number
  created_at: number
  updated_at: number | null
}

export interface AlertSubscriptionRow {
  id: Generated<number>
  account_id: string
  channel_id: number
  check_id: string | null
  group_id: number | null
  activated: number
}

export interface AccountSettingsRow {
  account_id: string
  doc: string
  updated_at: number
}

export interface PrivateLocationKeyRow {
  id: string
  account_id: string
  location_id: string
  key_hash: string
  masked_key: string
  created_at: number
}

/** Tables reached through store/doc-table.ts are not listed: their names are chosen at run time. */
export interface Database {
  accounts: AccountRow
  api_keys: ApiKeyRow
  checks: CheckRow
  check_tags: CheckTagRow
  check_groups: CheckGroupRow
  check_statuses: CheckStatusRow
  variables: VariableRow
  alert_subscriptions: AlertSubscriptionRow
  account_settings: AccountSettingsRow
  private_location_keys: PrivateLocationKeyRow
}
