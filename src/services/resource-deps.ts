/** What every resource service is built from. */
import type { Clock } from '../lib/clock.js'
import type { Stores, Transact } from './stores.js'
import type { CheckResultRow } from '../store/schema.js'
import type { WorkBell } from '../lib/work-bell.js'

export interface ResourceDeps {
  stores: Stores
  transact: Transact
  clock: Clock
  publicBaseUrl: string
  /** Runner source addresses by region, from configuration. */
  staticIps: { ipv4: Record<string, string[]>; ipv6: Record<string, string[]> }
  /** Where checks with no locations run. */
  defaultLocation: string
  /** Called after FINAL results are stored outside the engine (heartbeat pings and deadlines): error grouping and alert evaluation. */
  afterFinalResults: (rows: CheckResultRow[]) => Promise<void>
  /** Operator settings for outbound notifications (SMTP server, SMS gateway). */
  delivery: DeliveryConfig
  /** Rung when runs are queued here (run-now sessions), so that this instance's engine leases them at once. */
  bell?: WorkBell
}

export interface DeliveryConfig {
  smtp: { url: string | undefined; from: string }
  sms: { url: string | undefined; username: string | undefined; password: string | undefined; from: string | undefined }
  /** Link to a result in the UI/API, for notifications (RESULT_LINK). */
  resultLinkBase: string
}
