/** Maintenance windows as the API has them (maintenanceApi). */
import type { MaintenanceWindowView } from '../../../api/contracts'

export type MaintenanceWindow = MaintenanceWindowView
export type RepeatUnit = NonNullable<MaintenanceWindow['repeatUnit']>
/** The units the form offers, in order; `satisfies` keeps them to the contract's. */
export const REPEAT_UNITS = ['DAY', 'WEEK', 'MONTH'] as const satisfies readonly RepeatUnit[]

const UNIT_WORDS: Record<RepeatUnit, string> = { DAY: 'day', WEEK: 'week', MONTH: 'month' }

/** "Every 2 weeks until …", or "Once". */
export function repeatText(w: Pick<MaintenanceWindow, 'repeatInterval' | 'repeatUnit' | 'repeatEndsAt'>, formatDate: (iso: string) => string): string {
  if (!w.repeatInterval || !w.repeatUnit) return 'Once'
  const unit = UNIT_WORDS[w.repeatUnit]
  const every = w.repeatInterval === 1 ? `Every ${unit}` : `Every ${w.repeatInterval} ${unit}s`
  return w.repeatEndsAt ? `${every} until ${formatDate(w.repeatEndsAt)}` : every
}
