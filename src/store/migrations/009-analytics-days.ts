/**
 * Day buckets of the analytics roll-ups (level 1440): folded from the hour buckets already stored, check by check,
 * so that windows of days read 24 times fewer rows. Results rolled up from now on land in all three levels.
 */
import type { Kysely } from 'kysely'
import type { Dialect } from '../db.js'
import { coarsen, type RollupRow } from '../../analytics/rollup.js'

const WRITE_BATCH = 200

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the typed schema exists
  const any = db as unknown as Kysely<any>
  const checks = (await any.selectFrom('analytics_rollups').select('check_id').distinct().where('level', '=', 60).execute()) as Array<{ check_id: string }>
  for (const { check_id: checkId } of checks) {
    const hours = (await any.selectFrom('analytics_rollups').selectAll().where('check_id', '=', checkId).where('level', '=', 60).execute()) as RollupRow[]
    const days = coarsen(hours, 1440)
    for (let i = 0; i < days.length; i += WRITE_BATCH)
      await any
        .insertInto('analytics_rollups')
        .values(days.slice(i, i + WRITE_BATCH))
        .execute()
  }
}
