/**
 * The small part of moment.js that `{{moment …}}` templates use: "N units ago" / "N units from now" / "in N units"
 * offsets and the common format tokens (YYYY YY MM M DD D HH H hh h mm m ss s SSS A a X x, [literal]), in UTC. Pure.
 */
import { ownValue } from '../lib/own-keys.js'

const UNIT_MS: Record<string, number> = { millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 }
const UNIT_ALIASES: Record<string, string> = { ms: 'millisecond', s: 'second', sec: 'second', min: 'minute', m: 'minute', h: 'hour', d: 'day', w: 'week', y: 'year', M: 'month' }

const RELATIVE = /^\s*(?:in\s+)?(\d+)\s*([a-zA-Z]+)\s*(ago|from now|later)?\s*$/i
const CALENDAR_UNITS = new Set(['month', 'year'])

/** 'days' → 'day', 'mins' → 'minute', 'M' → 'month'; null for anything else. */
function unitOf(word: string): string | null {
  for (const candidate of [word, word.replace(/s$/i, '')]) {
    // The word is the template's: only the tables' own keys are units (`constructor` is not).
    const alias = ownValue(UNIT_ALIASES, candidate) ?? ownValue(UNIT_ALIASES, candidate.toLowerCase())
    const unit = alias ?? candidate.toLowerCase()
    if (ownValue(UNIT_MS, unit) !== undefined || CALENDAR_UNITS.has(unit)) return unit
  }
  return null
}

/** The instant `phrase` names relative to `now`, or null when it is not a relative phrase. */
export function shiftByPhrase(now: number, phrase: string): number | null {
  const trimmed = phrase.trim().toLowerCase()
  if (trimmed === 'now' || trimmed === 'today') return now
  if (trimmed === 'yesterday') return now - UNIT_MS.day!
  if (trimmed === 'tomorrow') return now + UNIT_MS.day!
  const m = RELATIVE.exec(phrase)
  if (!m || (!m[3] && !/^\s*in\s/i.test(phrase))) return null
  const amount = Number(m[1]) * (m[3]?.toLowerCase() === 'ago' ? -1 : 1)
  const unit = unitOf(m[2] as string)
  if (unit === null) return null
  if (CALENDAR_UNITS.has(unit)) {
    const d = new Date(now)
    d.setUTCMonth(d.getUTCMonth() + amount * (unit === 'year' ? 12 : 1))
    return d.getTime()
  }
  return now + amount * (ownValue(UNIT_MS, unit) ?? 0)
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0')

const TOKENS = /\[([^\]]*)\]|YYYY|YY|SSS|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|A|a|X|x|Z/g

/** Formats `at` (epoch ms) with moment-style tokens in UTC. */
export function formatMoment(at: number, format: string): string {
  const d = new Date(at)
  const hours = d.getUTCHours()
  const h12 = hours % 12 === 0 ? 12 : hours % 12
  const values: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()),
    YY: pad(d.getUTCFullYear() % 100),
    MM: pad(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    D: String(d.getUTCDate()),
    HH: pad(hours),
    H: String(hours),
    hh: pad(h12),
    h: String(h12),
    mm: pad(d.getUTCMinutes()),
    m: String(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
    s: String(d.getUTCSeconds()),
    SSS: pad(d.getUTCMilliseconds(), 3),
    A: hours < 12 ? 'AM' : 'PM',
    a: hours < 12 ? 'am' : 'pm',
    X: String(Math.floor(at / 1000)),
    x: String(at),
    Z: '+00:00',
  }
  return format.replace(TOKENS, (token, literal: string | undefined) => (literal !== undefined ? literal : (values[token] ?? token)))
}

/**
 * `{{moment "FORMAT"}}`, `{{moment "2 days ago" "FORMAT"}}` or `{{moment "2 days ago"}}` (ISO 8601). Returns null
 * when the arguments make no sense (the template is then left as is).
 */
export function renderMoment(now: number, args: readonly string[]): string | null {
  const [first, second] = args
  if (first === undefined) return new Date(now).toISOString()
  const shifted = shiftByPhrase(now, first)
  if (shifted === null) return args.length === 1 ? formatMoment(now, first) : null
  return second === undefined ? new Date(shifted).toISOString() : formatMoment(shifted, second)
}
