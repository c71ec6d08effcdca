/** Maintenance windows as the API has them (/v1/maintenance-windows). */
export const REPEAT_UNITS = ['DAY', 'WEEK', 'MONTH'] as const
export type RepeatUnit = (typeof REPEAT_UNITS)[number]

export interface MaintenanceWindow {
  id: number
  name: string
  tags: string[]
  startsAt: string
  endsAt: string
  repeatInterval: number | null
  repeatUnit: RepeatUnit | null
  repeatEndsAt: string | null
  created_at: string
  updated_at: string | null
  [key: string]: unknown
}

export const WINDOWS_PATH = '/v1/maintenance-windows'

const UNIT_WORDS: Record<RepeatUnit, string> = { DAY: 'day', WEEK: 'week', MONTH: 'month' }

/** "Every 2 weeks until …", or "Once". */
export function repeatText(w: Pick<MaintenanceWindow, 'repeatInterval' | 'repeatUnit' | 'repeatEndsAt'>, formatDate: (iso: string) => string): string {
  if (!w.repeatInterval || !w.repeatUnit) return 'Once'
  const unit = UNIT_WORDS[w.repeatUnit]
  const every = w.repeatInterval === 1 ? `Every ${unit}` : `Every ${w.repeatInterval} ${unit}s`
  return w.repeatEndsAt ? `${every} until ${formatDate(w.repeatEndsAt)}` : every
}
