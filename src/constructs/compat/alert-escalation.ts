/**
 * `AlertEscalationBuilder` of the hosted service's constructs: the alertSettings objects of the public API (run- or
 * time-based escalation, reminders, parallel-run failure threshold), with the same defaults.
 */
export interface Reminders {
  amount?: number
  interval?: number
}

export interface ParallelRunFailureThreshold {
  enabled?: boolean
  percentage?: number
}

export interface AlertEscalation {
  escalationType: 'RUN_BASED' | 'TIME_BASED'
  runBasedEscalation: { failedRunThreshold?: number }
  timeBasedEscalation: { minutesFailingThreshold?: number }
  reminders: Reminders
  parallelRunFailureThreshold: ParallelRunFailureThreshold
}

export class AlertEscalationBuilder {
  static readonly DEFAULT_RUN_BASED_ESCALATION = { failedRunThreshold: 1 }
  static readonly DEFAULT_TIME_BASED_ESCALATION = { minutesFailingThreshold: 5 }
  static readonly DEFAULT_REMINDERS = { amount: 0, interval: 5 }
  static readonly DEFAULT_PARALLEL_RUN_FAILURE_THRESHOLD = { enabled: false, percentage: 10 }

  static runBasedEscalation(failedRunThreshold?: number, reminders?: Reminders, parallelRunFailureThreshold?: ParallelRunFailureThreshold): AlertEscalation {
    return AlertEscalationBuilder.alertEscalation('RUN_BASED', { runBasedEscalation: { failedRunThreshold }, reminders, parallelRunFailureThreshold })
  }

  static timeBasedEscalation(minutesFailingThreshold?: number, reminders?: Reminders, parallelRunFailureThreshold?: ParallelRunFailureThreshold): AlertEscalation {
    return AlertEscalationBuilder.alertEscalation('TIME_BASED', { timeBasedEscalation: { minutesFailingThreshold }, reminders, parallelRunFailureThreshold })
  }

  static alertEscalation(escalationType: AlertEscalation['escalationType'], options: Partial<Omit<AlertEscalation, 'escalationType'>>): AlertEscalation {
    return {
      escalationType,
      runBasedEscalation: options.runBasedEscalation ?? AlertEscalationBuilder.DEFAULT_RUN_BASED_ESCALATION,
      timeBasedEscalation: options.timeBasedEscalation ?? AlertEscalationBuilder.DEFAULT_TIME_BASED_ESCALATION,
      reminders: options.reminders ?? AlertEscalationBuilder.DEFAULT_REMINDERS,
      parallelRunFailureThreshold: options.parallelRunFailureThreshold ?? AlertEscalationBuilder.DEFAULT_PARALLEL_RUN_FAILURE_THRESHOLD,
    }
  }
}
