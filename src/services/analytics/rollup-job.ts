/**
 * The roll-up job: folds final results stored since the watermark into the hour and minute buckets, a batch per
 * transaction, and moves the watermark. One instance at a time holds the bookkeeping row (SKIP LOCKED on
 * PostgreSQL); the others skip the round. A crash before the commit loses nothing: the batch is folded again.
 */
import { applyDelta, foldResults, rollupKey, type RollupRow } from '../../analytics/rollup.js'
import { uses, type DepsOf } from '../resource-deps.js'
import { toRollupInput } from './points.js'

/**
 * Results younger than this are left for a later round: a transaction that took its insertion time before a
 * newer one committed may still be committing. Queries read them raw until then.
 */
export const SETTLE_MS = 60_000
export const ROLLUP_BATCH = 2_000

export interface RollupJob {
  /** Folds one batch; returns how many results it folded (0 when caught up or another instance is at it). */
  rollUpBatch(): Promise<number>
  /** Folds batches until caught up (or `maxBatches`); returns how many results were folded. */
  rollUp(maxBatches?: number): Promise<number>
}

/** What the roll-up job uses: the wiring hands it these stores and shared things and no others. */
export const rollupJobUses = uses(['analytics'], ['clock', 'transact'])
export type RollupJobDeps = DepsOf<typeof rollupJobUses>

export function rollupJob(deps: RollupJobDeps & { settleMs?: number; batch?: number }): RollupJob {
  const settle = deps.settleMs ?? SETTLE_MS
  const batch = deps.batch ?? ROLLUP_BATCH
  async function rollUpBatch(): Promise<number> {
    return deps.transact(async (s) => {
      const watermark = await s.analytics.claimWatermark()
      if (watermark === undefined) return 0
      const now = deps.clock.now()
      const rows = await s.analytics.newFinalResults(watermark, now - settle, batch)
      if (rows.length === 0) return 0
      const deltas = foldResults(rows.map(toRollupInput))
      const ranges = new Map<number, { level: number; from: number; to: number }>()
      for (const { key } of deltas.values()) {
        const r = ranges.get(key.level)
        if (!r) ranges.set(key.level, { level: key.level, from: key.bucket_start, to: key.bucket_start })
        else {
          r.from = Math.min(r.from, key.bucket_start)
          r.to = Math.max(r.to, key.bucket_start)
        }
      }
      const stored = await s.analytics.rollupsFor([...new Set(rows.map((r) => r.check_id))], [...ranges.values()])
      const byKey = new Map<string, RollupRow>(
        stored.map((r) => [rollupKey({ ...r, level: Number(r.level), bucket_start: Number(r.bucket_start), status_code: Number(r.status_code), success: Number(r.success) }), r]),
      )
      await s.analytics.upsertRollups([...deltas].map(([key, d]) => applyDelta(byKey.get(key), d)))
      await s.analytics.setWatermark(Math.max(...rows.map((r) => Number(r.created_at))), now)
      return rows.length
    })
  }
  return {
    rollUpBatch,
    async rollUp(maxBatches = 50) {
      let total = 0
      for (let i = 0; i < maxBatches; i++) {
        const n = await rollUpBatch()
        total += n
        if (n === 0) break
      }
      return total
    },
  }
}
