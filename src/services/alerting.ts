/** Alerting: turns final results into alerts (state machine, escalation, reminders, incidents) and records them. */
import type { CheckResultRow } from '../store/schema.js'
import type { ResourceDeps } from './resource-deps.js'

export interface AlertingService {
  /** Evaluates FINAL results (from the engine, or heartbeat pings and deadlines) in order. */
  evaluate(rows: CheckResultRow[]): Promise<void>
}

export function alertingService(_deps: ResourceDeps): AlertingService {
  return {
    async evaluate() {},
  }
}
