/**
 * What a check's view shows besides its own row: its alert channel subscriptions and the project that deployed it
 * (if one did), for a page of checks in one statement, the two reads joined by UNION ALL: on PostgreSQL each
 * statement is a round trip, and every read of a check (one, or a page) needs both.
 */
import { sql, type Kysely } from 'kysely'
import type { Database } from './schema.js'
import type { Subscription } from './alerting/alert-subscriptions.js'
import type { ProjectResourceRow, ProjectRow, ResourceOwner } from './projects.js'

export interface CheckLinks {
  subscriptions: Subscription[]
  /** By check id; a check bound by several projects (not made by deploys, which create their own): the oldest. */
  owners: Map<string, ResourceOwner>
}

export interface CheckLinkStore {
  forChecks(accountId: string, checkIds: string[]): Promise<CheckLinks>
}

const CHUNK = 500

export function checkLinkStore(database: Kysely<Database>): CheckLinkStore {
  const db = database.withTables<{ projects: ProjectRow; project_resources: ProjectResourceRow }>()
  // Both halves give every column the same (nullable) type: each half leaves the other's columns null.
  const none = <T>() => sql<T | null>`null`
  const col = <T>(ref: string) => sql<T | null>`${sql.ref(ref)}`
  const read = (accountId: string, ids: string[]) =>
    db
      .selectFrom('alert_subscriptions as s')
      .select([
        sql<string>`'subscription'`.as('link'),
        col<string>('s.check_id').as('check_id'),
        col<number>('s.channel_id').as('channel_id'),
        col<number>('s.activated').as('activated'),
        none<string>().as('logical_id'),
        none<string>().as('project_id'),
        none<string>().as('project_logical_id'),
        none<string>().as('project_name'),
        none<number>().as('project_created_at'),
      ])
      .where('s.account_id', '=', accountId)
      .where('s.check_id', 'in', ids)
      .unionAll(
        db
          .selectFrom('project_resources as r')
          .innerJoin('projects as p', 'p.id', 'r.project_id')
          .select([
            sql<string>`'owner'`.as('link'),
            col<string>('r.resource_id').as('check_id'),
            none<number>().as('channel_id'),
            none<number>().as('activated'),
            col<string>('r.logical_id').as('logical_id'),
            col<string>('p.id').as('project_id'),
            col<string>('p.logical_id').as('project_logical_id'),
            col<string>('p.name').as('project_name'),
            col<number>('p.created_at').as('project_created_at'),
          ])
          .where('p.account_id', '=', accountId)
          .where('r.kind', '=', 'check')
          .where('r.resource_id', 'in', ids),
      )
      .execute()

  return {
    async forChecks(accountId, checkIds) {
      const subscriptions: Subscription[] = []
      const owners = new Map<string, ResourceOwner & { since: number }>()
      for (let i = 0; i < checkIds.length; i += CHUNK) {
        for (const row of await read(accountId, checkIds.slice(i, i + CHUNK))) {
          if (row.link === 'subscription') {
            subscriptions.push({ channelId: Number(row.channel_id), checkId: row.check_id, groupId: null, activated: Number(row.activated) === 1 })
            continue
          }
          const since = Number(row.project_created_at)
          const kept = row.check_id === null ? undefined : owners.get(row.check_id)
          if (row.check_id === null || (kept && kept.since <= since)) continue
          owners.set(row.check_id, {
            logicalId: String(row.logical_id),
            project: { id: String(row.project_id), logicalId: String(row.project_logical_id), name: String(row.project_name) },
            since,
          })
        }
      }
      return { subscriptions, owners: new Map([...owners].map(([id, { since: _since, ...owner }]) => [id, owner])) }
    },
  }
}
