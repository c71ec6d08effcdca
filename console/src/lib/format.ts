/** Numbers, durations and times as people read them. */

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–'
  if (ms < 1) return `${ms.toFixed(2)} ms`
  // Each unit is chosen after rounding, so 999.6 ms reads 1.00 s and 119.6 s reads 2 min 0 s.
  if (Math.round(ms) < 1000) return `${Math.round(ms)} ms`
  if (ms < 9_995) return `${(ms / 1000).toFixed(2)} s`
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

export function formatPercent(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–'
  return `${value.toFixed(digits)}%`
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

/** "3 minutes ago", "in 2 hours": the largest unit that fits, after rounding (59.6 s ago is a minute ago). */
export function timeAgo(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never'
  const t = Date.parse(iso)
  if (!Number.isFinite(t)) return '–'
  const diff = t - now
  for (let i = 0; i < UNITS.length; i++) {
    const [unit, size] = UNITS[i] as [Intl.RelativeTimeFormatUnit, number]
    if (Math.abs(diff) < size && unit !== 'second') continue
    const larger = UNITS[i - 1]
    if (larger && Math.abs(Math.round(diff / size)) * size >= larger[1]) return relative.format(Math.round(diff / larger[1]), larger[0])
    return relative.format(Math.round(diff / size), unit)
  }
  return iso
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })
export const formatDateTime = (iso: string | null | undefined): string => (iso ? dateTime.format(new Date(iso)) : '–')

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–'
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024 - 52) return `${(n / 1024).toFixed(1)} KB`
  return `${(n / 1024 / 1024).toFixed(1)} MB`
}
