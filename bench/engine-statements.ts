/**
 * The database statements the engine sends per API check run under a steady load, in process with its real loops
 * (scheduler, lanes, writer, reaper) and the after-result hooks (error groups, alerting), on SQLite and PostgreSQL:
 * every statement the store sends is counted through its query log (transaction control included: on PostgreSQL
 * each is a round trip), by kind, over a window, and divided by the FINAL results written in it.
 *
 * Usage: npx tsx bench/engine-statements.ts [--stores sqlite,pg] [--rate 200] [--every 10] [--seconds 20]
 * [--warmup 12] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 */
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { systemClock } from '../src/lib/clock.js'
import { openStore } from '../src/store/db.js'
import { migrateToLatest } from '../src/store/migrate.js'
import { buildServices } from '../src/services/index.js'
import { buildStores, transactor } from '../src/store/all-stores.js'
import { startEngine } from '../src/engine/index.js'
import { DEFAULT_TUNING } from '../src/engine/engine-deps.js'
import { buildRunners } from '../src/runners/index.js'
import { createChildProcessSandbox } from '../src/runners/sandbox/index.js'
import { createScratchDatabase } from '../test/helpers/scratch-database.js'
import { machine, round, sleep, startTarget } from './lib.js'

const { values } = parseArgs({
  options: {
    stores: { type: 'string', default: 'sqlite,pg' },
    rate: { type: 'string', default: '200' },
    every: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '12' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})
const RATE = Number(values.rate)
const EVERY = Number(values.every)
const target = await startTarget()
const quiet = { info: () => undefined, warn: () => undefined, error: (o: object, m?: string) => console.error(m, o) }

/** The kind of a statement: its verb and first table, e.g. `update run_jobs`. */
function kindOf(text: string): string {
  const s = text.trim().toLowerCase()
  const verb = /^\w+/.exec(s)?.[0] ?? s
  const table = /(?:from|into|update|join)\s+"?(\w+)"?/.exec(s)?.[1]
  return table ? `${verb} ${table}` : verb
}

async function measure(kind: 'sqlite' | 'pg') {
  const scratch = kind === 'pg' ? await createScratchDatabase(values.pg, 'bench_stmts') : undefined
  let counting = false
  const kinds = new Map<string, number>()
  const store = await openStore({
    ...(scratch ? { databaseUrl: scratch.url } : { sqliteFile: ':memory:' }),
    onQuery: (text) => {
      if (counting) kinds.set(kindOf(text), (kinds.get(kindOf(text)) ?? 0) + 1)
    },
  })
  await migrateToLatest(store)
  const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://localhost' })
  const { accountId } = await services.accounts.createAccount('bench')
  const checks = RATE * EVERY
  for (let i = 0; i < checks; i++)
    await services.checks.create(
      accountId,
      'api',
      { name: `c${i}`, doubleCheck: false, frequency: 0, frequencyOffset: EVERY, request: { url: `${target.url}/c/${i}` } },
      { autoAssignAlerts: false },
    )
  const intervalMs = EVERY * 1000
  const base = Math.ceil((Date.now() + 2_000) / intervalMs) * intervalMs
  await sql`update check_schedules set next_due_at = ${base} + next_due_at % ${intervalMs}`.execute(store.db)
  const sandbox = createChildProcessSandbox()
  let finals = 0
  const engine = startEngine({
    stores: buildStores(store),
    transact: transactor(store),
    clock: systemClock,
    runners: buildRunners({ sandbox }),
    instanceId: randomUUID(),
    defaultLocation: 'us-east-1',
    log: quiet,
    tuning: DEFAULT_TUNING,
    onFinalResults: async (rows) => {
      if (counting) finals += rows.length
      await services.afterFinalResults(rows)
    },
  })
  await sleep(Number(values.warmup) * 1000)
  counting = true
  await sleep(Number(values.seconds) * 1000)
  counting = false
  await engine.stop()
  sandbox.close()
  await store.close()
  await scratch?.drop()
  const total = [...kinds.values()].reduce((a, b) => a + b, 0)
  const byKind = Object.fromEntries([...kinds.entries()].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, round(n / finals, 3)]))
  return { store: kind, runs: finals, runsPerSecond: round(finals / Number(values.seconds)), statementsPerRun: round(total / finals, 3), byKind }
}

const results = []
for (const kind of values.stores.split(',')) {
  if (kind !== 'sqlite' && kind !== 'pg') throw new Error(`store ${kind}: expected sqlite or pg`)
  const r = await measure(kind)
  console.error(JSON.stringify(r))
  results.push(r)
}
console.log(JSON.stringify({ machine: machine(), rate: RATE, every: EVERY, results }, null, 2))
target.child.kill('SIGTERM')
process.exit(0)
