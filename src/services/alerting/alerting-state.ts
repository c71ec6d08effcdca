/**
 * Read-modify-write of a check's alert state in one transaction, safe with many instances: the write succeeds
 * only if nobody wrote the row since it was read (version check); otherwise the transaction (with the alerts it
 * recorded) rolls back and the work runs again on the fresh state.
 */
import { parseState, type AlertState } from '../../alerting/state.js'
import { isUniqueViolation } from '../../store/dialect.js'
import type { StoreName, Uses } from '../resource-deps.js'
import type { Stores } from '../stores.js'

export interface StateChange {
  state: AlertState
  incidentId: string | null
}

/** What the work returns: the new state, or null to leave the row as it is. */
export type StateWork<S extends StoreName> = (s: Pick<Stores, S | 'alerts'>, current: StateChange) => Promise<StateChange | null>

class StaleState extends Error {}

// Every failed attempt means another writer succeeded, so k concurrent writers need at most k attempts.
const MAX_ATTEMPTS = 30

/** The work runs with the stores of the transaction that reads and writes the state: `alerts` and those it names. */
export async function withAlertState<S extends StoreName>(deps: Uses<S | 'alerts', 'transact' | 'clock'>, checkId: string, accountId: string, work: StateWork<S>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.transact(async (s) => {
        const row = await s.alerts.getState(checkId)
        const current: StateChange = { state: parseState(row?.state), incidentId: row?.incident_id ?? null }
        const next = await work(s, current)
        if (next === null) return
        const values = {
          check_id: checkId,
          account_id: accountId,
          state: JSON.stringify(next.state),
          next_reminder_at: next.state.nextReminderAt,
          incident_id: next.incidentId,
          updated_at: deps.clock.now(),
        }
        const written = row ? await s.alerts.updateState(values, Number(row.version)) : await s.alerts.createState({ ...values, version: 0 })
        if (!written) throw new StaleState(`alert state of ${checkId} changed meanwhile`)
      })
      return
    } catch (err) {
      if (!(err instanceof StaleState || isUniqueViolation(err)) || attempt >= MAX_ATTEMPTS) throw err
    }
  }
}
