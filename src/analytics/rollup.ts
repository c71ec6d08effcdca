/**
 * Pre-aggregation of final results (pure): each result lands in one five-minute, one hour and one day bucket per
 * (check, location, status code, success). A bucket keeps run, success, degraded and retry counts and, per timing
 * slot, a mergeable histogram (histogram.ts). Queries merge buckets instead of scanning raw results.
 */
import { SLOT_COUNT, timingBasesOf } from '../domain/analytics/catalogue.js'
import { DAY_MS, HOUR_MS, MINUTE_MS, floorTo } from '../domain/analytics/windows.js'
import { addValue, emptyHistogram, encodeHistogram, mergeEncoded, type Histogram } from './histogram.js'

/**
 * Bucket sizes in minutes: the levels kept. Five minutes (not one) keeps the roll-up's cost per result low:
 * a check every 10 s from two locations writes a fine bucket every 30 runs instead of every 6. Days let a 30-day
 * window of many checks (a dashboard) read 30 buckets per check and location instead of 720.
 */
export const LEVELS = [5, 60, 1440] as const
export type Level = (typeof LEVELS)[number]
export const FINE_MS = 5 * MINUTE_MS
export const levelMs = (level: Level): number => (level === 5 ? FINE_MS : level === 60 ? HOUR_MS : DAY_MS)

/** What analytics reads of a final result: where and how it ran, and its metric values by timing base. */
export interface RunPoint {
  location: string
  statusCode: number | null
  status: string
  attempt: number
  startedAt: number
  metrics: Record<string, number>
}

/** What a final result contributes to the roll-ups (read from check_results). */
export interface RollupInput extends RunPoint {
  accountId: string
  checkId: string
  checkType: string
}

/** A stored bucket: m0..m9 are encoded histograms of the type's timing slots (null when none was measured). */
export interface RollupRow {
  check_id: string
  level: number
  bucket_start: number
  location: string
  status_code: number
  success: number
  account_id: string
  runs: number
  degraded: number
  retries: number
  m0: string | null
  m1: string | null
  m2: string | null
  m3: string | null
  m4: string | null
  m5: string | null
  m6: string | null
  m7: string | null
  m8: string | null
  m9: string | null
}

export type SlotColumn = `m${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`
export const slotColumn = (slot: number): SlotColumn => `m${slot}` as SlotColumn

export const isSuccess = (status: string): boolean => status !== 'failing'
/** status_code column: -1 when the run has none (non-HTTP checks, network errors). */
export const NO_STATUS = -1

interface Delta {
  key: Omit<RollupRow, 'runs' | 'degraded' | 'retries' | SlotColumn>
  runs: number
  degraded: number
  retries: number
  slots: Array<Histogram | undefined>
}

export const rollupKey = (r: { check_id: string; level: number; bucket_start: number; location: string; status_code: number; success: number }): string =>
  `${r.check_id}|${r.level}|${r.bucket_start}|${r.location}|${r.status_code}|${r.success}`

/** Folds results into per-bucket deltas for both levels. */
export function foldResults(inputs: RollupInput[]): Map<string, Delta> {
  const deltas = new Map<string, Delta>()
  const slotsOf = new Map<string, Map<string, number>>()
  for (const r of inputs) {
    let slots = slotsOf.get(r.checkType)
    if (!slots) slotsOf.set(r.checkType, (slots = new Map(timingBasesOf(r.checkType).map((b, i) => [b.name, i]))))
    for (const level of LEVELS) {
      const key = {
        check_id: r.checkId,
        level,
        bucket_start: floorTo(r.startedAt, levelMs(level)),
        location: r.location,
        status_code: r.statusCode ?? NO_STATUS,
        success: isSuccess(r.status) ? 1 : 0,
        account_id: r.accountId,
      }
      const id = rollupKey(key)
      let d = deltas.get(id)
      if (!d) deltas.set(id, (d = { key, runs: 0, degraded: 0, retries: 0, slots: new Array(SLOT_COUNT).fill(undefined) }))
      d.runs++
      if (r.status === 'degraded') d.degraded++
      d.retries += Math.max(0, r.attempt - 1)
      for (const base in r.metrics) {
        const slot = slots.get(base)
        const value = r.metrics[base]
        if (slot === undefined || value === undefined) continue
        const h = d.slots[slot] ?? (d.slots[slot] = emptyHistogram())
        addValue(h, value)
      }
    }
  }
  return deltas
}

/** The stored row after adding a delta to what was stored (or to nothing). */
export function applyDelta(existing: RollupRow | undefined, d: Delta): RollupRow {
  const row: RollupRow = {
    ...d.key,
    runs: d.runs,
    degraded: d.degraded,
    retries: d.retries,
    m0: null,
    m1: null,
    m2: null,
    m3: null,
    m4: null,
    m5: null,
    m6: null,
    m7: null,
    m8: null,
    m9: null,
  }
  if (existing) {
    row.runs += Number(existing.runs)
    row.degraded += Number(existing.degraded)
    row.retries += Number(existing.retries)
  }
  for (let slot = 0; slot < SLOT_COUNT; slot++) {
    const col = slotColumn(slot)
    const stored = existing?.[col] ?? null
    const added = d.slots[slot]
    if (!added) row[col] = stored
    else {
      if (stored !== null) mergeEncoded(added, stored)
      row[col] = encodeHistogram(added)
    }
  }
  return row
}

/** Rows of a finer level merged into buckets of a coarser one (the day buckets of stored hour buckets). */
export function coarsen(rows: readonly RollupRow[], level: Level): RollupRow[] {
  const out = new Map<string, { row: RollupRow; slots: Array<Histogram | undefined> }>()
  for (const r of rows) {
    const key = {
      check_id: r.check_id,
      level,
      bucket_start: floorTo(Number(r.bucket_start), levelMs(level)),
      location: r.location,
      status_code: Number(r.status_code),
      success: Number(r.success),
      account_id: r.account_id,
    }
    const id = rollupKey(key)
    let acc = out.get(id)
    if (!acc) {
      acc = { row: { ...key, runs: 0, degraded: 0, retries: 0, m0: null, m1: null, m2: null, m3: null, m4: null, m5: null, m6: null, m7: null, m8: null, m9: null }, slots: [] }
      out.set(id, acc)
    }
    acc.row.runs += Number(r.runs)
    acc.row.degraded += Number(r.degraded)
    acc.row.retries += Number(r.retries)
    for (let slot = 0; slot < SLOT_COUNT; slot++) {
      const text = r[slotColumn(slot)]
      if (!text) continue
      const h = acc.slots[slot] ?? (acc.slots[slot] = emptyHistogram())
      mergeEncoded(h, text)
    }
  }
  return [...out.values()].map(({ row, slots }) => {
    slots.forEach((h, slot) => {
      if (h) row[slotColumn(slot)] = encodeHistogram(h)
    })
    return row
  })
}
