/**
 * Wall-clock arithmetic in a named time zone (pure, through Intl): a window repeating "every day at 02:00" in
 * Europe/Berlin starts at 02:00 Berlin time on both sides of a change of clocks, which a fixed period in UTC would
 * move by an hour. Without a zone (null or UTC) the arithmetic is UTC's.
 */

/** True when `zone` names an IANA time zone this runtime knows ("+05:00" style offsets are not zones). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const formats = new Map<string, Intl.DateTimeFormat>()
const formatOf = (zone: string): Intl.DateTimeFormat => {
  let f = formats.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formats.set(zone, f)
  }
  return f
}

interface Wall {
  year: number
  month: number // 0-11
  day: number
  hour: number
  minute: number
  second: number
  ms: number
}

function wallOf(ms: number, zone: string): Wall {
  const parts: Record<string, number> = {}
  for (const p of formatOf(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value)
  return {
    year: parts.year ?? 1970,
    month: (parts.month ?? 1) - 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    ms: ((ms % 1000) + 1000) % 1000,
  }
}

const wallAsUtc = (w: Wall): number => Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second, w.ms)

/** The instant showing wall time `w` in the zone; a time skipped by a change of clocks falls an hour later. */
function instantOf(w: Wall, zone: string): number {
  const guess = wallAsUtc(w)
  const offset = wallAsUtc(wallOf(guess, zone)) - guess
  let t = guess - offset
  const second = wallAsUtc(wallOf(t, zone)) - t
  if (second !== offset) t = guess - second
  return t
}

const useUtc = (zone: string | null | undefined): zone is null | undefined => !zone || zone === 'UTC' || zone === 'Etc/UTC'

/** `ms` moved by `days` calendar days at the same wall-clock time of the zone. */
export function addZonedDays(ms: number, days: number, zone: string | null | undefined): number {
  if (useUtc(zone)) return ms + days * 86_400_000
  const w = wallOf(ms, zone)
  const moved = new Date(Date.UTC(w.year, w.month, w.day + days))
  return instantOf({ ...w, year: moved.getUTCFullYear(), month: moved.getUTCMonth(), day: moved.getUTCDate() }, zone)
}

/** `ms` moved by `months` calendar months at the same wall-clock time; the day is clamped to the month's length. */
export function addZonedMonths(ms: number, months: number, zone: string | null | undefined): number {
  const w = useUtc(zone) ? wallOf(ms, 'UTC') : wallOf(ms, zone)
  const target = w.month + months
  const year = w.year + Math.floor(target / 12)
  const month = ((target % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const moved = { ...w, year, month, day: Math.min(w.day, lastDay) }
  return useUtc(zone) ? wallAsUtc(moved) : instantOf(moved, zone)
}
