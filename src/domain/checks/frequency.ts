/** frequency / frequencyOffset rules of checks (pure). */
import { stableHash } from '../../lib/ids.js'

export const SUB_MINUTE_OFFSETS = [10, 20, 30] as const

/** The inclusive range of valid offsets for a frequency (minutes), or the fixed set for frequency 0. */
export function frequencyOffsetRange(frequency: number): { min: number; max: number } | { oneOf: readonly number[] } {
  if (frequency === 0) return { oneOf: SUB_MINUTE_OFFSETS }
  if (frequency <= 60) return { min: 1, max: Math.floor(frequency * 10) }
  return { min: 1, max: Math.ceil(frequency / 60) }
}

const everyMinutes = (frequency: number): string =>
  frequency === 1 ? 'minute' : frequency % 60 === 0 ? `${frequency / 60 === 1 ? '' : `${frequency / 60} `}hour${frequency === 60 ? '' : 's'}` : `${frequency} minutes`

/** Why an offset is invalid for a frequency, or null when it is valid. */
export function frequencyOffsetProblem(frequency: number, offset: number): string | null {
  const range = frequencyOffsetRange(frequency)
  if ('oneOf' in range) {
    return range.oneOf.includes(offset) ? null : 'must be 10, 20 or 30 when frequency is 0'
  }
  if (!Number.isInteger(offset) || offset < range.min || offset > range.max) {
    return `must be from ${range.min} to ${range.max} when the check runs every ${everyMinutes(frequency)}`
  }
  return null
}

/**
 * The offset a check gets when none was given: spread by a hash of its id over the whole valid range, so that
 * many checks with the same frequency do not start together. Frequency 0 has no default (the offset is the period).
 */
export function defaultFrequencyOffset(checkId: string, frequency: number): number | null {
  const range = frequencyOffsetRange(frequency)
  if ('oneOf' in range) return null
  return range.min + (stableHash(checkId) % (range.max - range.min + 1))
}

/**
 * Seconds between runs, and the phase (seconds after the interval boundary) at which runs start.
 * For frequency <= 60 one offset unit is 6 s; above 60 one unit is one hour.
 */
export function scheduleOf(frequency: number, offset: number | null): { intervalSeconds: number; phaseSeconds: number } {
  if (frequency === 0) return { intervalSeconds: offset ?? 10, phaseSeconds: 0 }
  const intervalSeconds = frequency * 60
  const unit = frequency <= 60 ? 6 : 3600
  const phase = ((offset ?? 1) - 1) * unit
  return { intervalSeconds, phaseSeconds: phase % intervalSeconds }
}
