/** The alert state of one check and the inputs of its state machine (pure types; see evaluate.ts). */

export type Condition = 'passing' | 'degraded' | 'failing'

/** One run of a check as alerting sees it: a FINAL result, or the FINAL results of one parallel run combined. */
export interface RunSummary {
  condition: Condition
  /** When the run started (epoch ms); TIME_BASED escalation measures from it. */
  startedAt: number
  /** The result the alert record points at (the first failing one of a parallel run). */
  resultId: string | null
  location: string
  responseTime: number
  error: string | null
  statusCode: string | null
}

/** Escalation settings in effect for a check (account, group or check level; see settings.ts). */
export interface EscalationSettings {
  escalationType: 'RUN_BASED' | 'TIME_BASED'
  /** RUN_BASED: consecutive failing runs before the alert (1 to 5). */
  failedRunThreshold: number
  /** TIME_BASED: minutes a check must have been failing before the alert (5, 10, 15 or 30). */
  minutesFailingThreshold: number
  /** amount 0 to 5, or UNLIMITED_REMINDERS; interval in minutes. */
  reminders: { amount: number; interval: number }
  parallelRunFailureThreshold: { enabled: boolean; percentage: number }
}

export const UNLIMITED_REMINDERS = 100_000

/** Why an alert that the state machine decided is not raised. */
export type Silence = 'muted' | 'maintenance' | null

export interface AlertState {
  /** Condition of the last evaluated run. */
  condition: Condition
  /** Consecutive failing runs (any other run resets it). */
  failingRuns: number
  /** Start of the first run of the current failing streak. */
  failingSince: number | null
  /** Consecutive non-passing runs (degraded or failing): the count ALERT_DEGRADED escalates on. */
  nonPassingRuns: number
  /** Start of the first run of the current non-passing streak (the episode). */
  degradedSince: number | null
  /** What the last alert raised in this episode announced (null: nothing raised yet). */
  alerted: 'failing' | 'degraded' | null
  /** Reminders raised since the last failure/degraded alert. */
  remindersSent: number
  /** When the next reminder is due (null: none). */
  nextReminderAt: number | null
  /** The latest non-passing run, which reminders repeat. */
  lastRun: RunSummary | null
  /** Start of the latest evaluated run: older results arriving late are ignored. */
  lastStartedAt: number | null
  /** Parallel runs: the FINAL results of the slot still arriving. */
  pending: PendingRun | null
  /** Parallel runs: the scheduled slot of the latest evaluated run (results of older slots are ignored). */
  lastSlot: number | null
}

/** The results of one parallel run (same check, same scheduled slot) gathered until all locations reported. */
export interface PendingRun {
  /** scheduled_at and session of the run. */
  slot: number
  session: string | null
  total: number
  results: RunSummary[]
}

export function initialState(): AlertState {
  return {
    condition: 'passing',
    failingRuns: 0,
    failingSince: null,
    nonPassingRuns: 0,
    degradedSince: null,
    alerted: null,
    remindersSent: 0,
    nextReminderAt: null,
    lastRun: null,
    lastStartedAt: null,
    pending: null,
    lastSlot: null,
  }
}

/** A stored state read back: missing fields take their initial values (older rows, hand edits). */
export function parseState(json: string | null | undefined): AlertState {
  if (!json) return initialState()
  try {
    const value = JSON.parse(json) as Partial<AlertState>
    return { ...initialState(), ...value }
  } catch {
    return initialState()
  }
}
