/**
 * Calendar buckets of a window (pure): days, weeks (from Monday) or months as a named time zone counts them, so a
 * day in New York runs from its local midnight to the next one, 23 or 25 hours across a change of clocks. The first
 * and last bucket are cut to the window.
 */
export type Granularity = 'day' | 'week' | 'month'

interface LocalDate {
  year: number
  month: number // 0-based
  day: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
    formatters.set(timeZone, f)
  }
  return f
}

/** A named IANA zone (America/New_York, UTC); not an offset such as +05:00. */
export function isNamedTimeZone(text: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(text)) return false
  try {
    formatterOf(text)
    return true
  } catch {
    return false
  }
}

/** The wall-clock time of `t` in the zone, as if it were UTC. */
function wallClock(t: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(new Date(t))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
}

const localDateOf = (t: number, timeZone: string): LocalDate => {
  const d = new Date(wallClock(t, timeZone))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() }
}

/** The instant of local midnight of a date (Date.UTC normalises a day or month past the end). */
function midnight(date: LocalDate, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month, date.day)
  // The zone's offset at the guess, then again at the corrected instant, where a change of clocks may differ.
  let t = wall - (wallClock(wall, timeZone) - wall)
  t = wall - (wallClock(t, timeZone) - t)
  return t
}

function startOfUnit(date: LocalDate, granularity: Granularity): LocalDate {
  if (granularity === 'month') return { ...date, day: 1 }
  if (granularity === 'week') {
    const sinceMonday = (new Date(Date.UTC(date.year, date.month, date.day)).getUTCDay() + 6) % 7
    return { ...date, day: date.day - sinceMonday }
  }
  return date
}

const nextUnit = (date: LocalDate, granularity: Granularity): LocalDate =>
  granularity === 'month' ? { ...date, month: date.month + 1, day: 1 } : { ...date, day: date.day + (granularity === 'week' ? 7 : 1) }

/** How many buckets the window spans, without building them past `limit` (a guard against huge windows). */
export function calendarBuckets(window: { from: number; to: number }, granularity: Granularity, timeZone: string, limit: number): Array<{ from: number; to: number }> | null {
  const out: Array<{ from: number; to: number }> = []
  let date = startOfUnit(localDateOf(window.from, timeZone), granularity)
  let start = midnight(date, timeZone)
  while (start < window.to) {
    date = nextUnit(date, granularity)
    const end = midnight(date, timeZone)
    out.push({ from: Math.max(start, window.from), to: Math.min(end, window.to) })
    if (out.length > limit) return null
    start = end
  }
  return out
}
