/**
 * The inputs of the capacity model in docs/operations.md, measured: for each check type the built-in runners run,
 * the CPU one run costs the process that runs it (its own CPU and that of the programs it starts, such as `ping`)
 * and so runs per second per core; and what one result costs the database, as the row Picket writes (bytes of its
 * documents) and on disk with its indexes, on SQLite and on PostgreSQL.
 *
 * Targets run in processes of their own (the HTTP target of bench/target.mjs, TCP and DNS in
 * bench/capacity-targets.ts; ICMP pings 127.0.0.1), so their work is not counted. Runs are real: a fresh
 * connection, measured phases and assertions, exactly as the engine calls the runner.
 *
 * Usage: npx tsx bench/capacity-model.ts [--runs 2000] [--concurrency 32] [--rows 5000]
 *   [--pg postgres://postgres@127.0.0.1:5432/postgres]
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { buildCheckDoc } from '../src/domain/checks/build-doc.js'
import { checkTypeBySegment } from '../src/domain/checks/registry.js'
import { effectiveDoc } from '../src/engine/prepare.js'
import { toResultRow } from '../src/engine/result-row.js'
import { systemClock } from '../src/lib/clock.js'
import { buildRunners } from '../src/runners/index.js'
import type { CheckRunSpec, RunResult } from '../src/runners/contract.js'
import { createChildProcessSandbox } from '../src/runners/sandbox/index.js'
import { openStore, type Store } from '../src/store/db.js'
import { resultStore } from '../src/store/engine/results.js'
import { migrateToLatest } from '../src/store/migrate.js'
import type { RunJobRow } from '../src/store/run-rows.js'
import { buildServices } from '../src/services/index.js'
import { createScratchDatabase } from '../test/helpers/scratch-database.js'
import { machine, round, startTarget, timeRuns } from './lib.js'

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    rows: { type: 'string', default: '5000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
})
const RUNS = Number(values.runs)
const ROWS = Number(values.rows)

/** CPU seconds of this process and of its children that have ended (utime, stime, cutime, cstime). */
function ownCpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8')
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100
}

const http = await startTarget()
const targets = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'capacity-targets.ts')], { stdio: ['ignore', 'pipe', 'inherit'] })
const ports = await new Promise<{ tcp: number; dns: number }>((resolve) =>
  targets.stdout.once('data', (d: Buffer) => resolve(JSON.parse(d.toString()) as { tcp: number; dns: number })),
)

/** One body per type, as a user would write it through the API, with the assertions such a check usually has. */
const CASES: Array<{ segment: string; concurrency: number; body: Record<string, unknown> }> = [
  {
    segment: 'api',
    concurrency: Number(values.concurrency),
    body: {
      request: {
        url: `${http.url}/bench`,
        assertions: [
          { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
          { source: 'JSON_BODY', property: '$.ok', comparison: 'EQUALS', target: 'true' },
        ],
      },
    },
  },
  { segment: 'url', concurrency: Number(values.concurrency), body: { request: { url: `${http.url}/bench` } } },
  { segment: 'tcp', concurrency: Number(values.concurrency), body: { request: { hostname: '127.0.0.1', port: ports.tcp, data: 'ping' } } },
  { segment: 'dns', concurrency: Number(values.concurrency), body: { request: { query: 'example.test', recordType: 'A', nameServer: `127.0.0.1:${ports.dns}`, protocol: 'UDP' } } },
  // ping sends one probe a second: its runs are bound by time, not CPU, so more run at once.
  { segment: 'icmp', concurrency: 64, body: { request: { hostname: '127.0.0.1', pingCount: 1 } } },
]

const runners = buildRunners({ sandbox: createChildProcessSandbox() })
const ctx = { location: 'us-east-1', now: () => Date.now() }

async function measureRunner(c: (typeof CASES)[number]) {
  const def = checkTypeBySegment.get(c.segment)
  if (!def) throw new Error(`no check type ${c.segment}`)
  const built = buildCheckDoc({ def, id: 'bench', body: { name: `bench ${c.segment}`, ...c.body } })
  const spec: CheckRunSpec = {
    checkId: 'bench',
    checkName: 'bench',
    checkType: def.checkType,
    doc: effectiveDoc(def.checkType, built, undefined),
    variables: {},
    scripts: { setup: [], teardown: [] },
  }
  const runner = runners[def.checkType as keyof typeof runners]
  if (!runner) throw new Error(`no runner for ${def.checkType}`)
  let last: RunResult | undefined
  let failing = 0
  const once = async () => {
    last = await runner.run(spec, ctx)
    if (last.status !== 'passing') failing++
  }
  await once()
  if (last?.status !== 'passing') throw new Error(`${def.checkType} run does not pass: ${String(last?.errorMessage)}`)
  const n = c.segment === 'icmp' ? Math.min(RUNS, 640) : RUNS
  await timeRuns(50, c.concurrency, once)
  failing = 0
  const cpu0 = ownCpuSeconds()
  const { wallMs } = await timeRuns(n, c.concurrency, once)
  const cpuMs = ((ownCpuSeconds() - cpu0) * 1000) / n
  return {
    checkType: def.checkType,
    runs: n,
    failing,
    runsPerSecond: round(n / (wallMs / 1000)),
    cpuMsPerRun: round(cpuMs, 3),
    runsPerCoreSecond: Math.round(1000 / cpuMs),
    last: last as RunResult,
  }
}

/** Bytes on disk of the results table with its indexes (and TOAST on PostgreSQL). */
async function resultBytes(store: Store): Promise<number> {
  if (store.dialect === 'postgres') {
    const r = await sql<{ n: string }>`select pg_total_relation_size('check_results') as n`.execute(store.db)
    return Number(r.rows[0]?.n ?? 0)
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(store.db)
  const r = await sql<{
    n: number
  }>`select sum(pgsize) as n from dbstat where name = 'check_results' or name like 'check_results_%' or name like 'sqlite_autoindex_check_results%'`.execute(store.db)
  return Number(r.rows[0]?.n ?? 0)
}

async function measureStorage(kind: 'sqlite' | 'postgres', results: Map<string, RunResult>) {
  const scratch = kind === 'postgres' ? await createScratchDatabase(values.pg, 'bench_capacity') : undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'picket-capacity-'))
  const store = await openStore(scratch ? { databaseUrl: scratch.url } : { sqliteFile: path.join(dir, 'picket.db') })
  try {
    await migrateToLatest(store)
    const services = buildServices({ store, clock: systemClock, publicBaseUrl: 'http://localhost' })
    const { accountId } = await services.accounts.createAccount('capacity')
    const out: Record<string, { rowBytes: number; diskBytes: number }> = {}
    for (const [checkType, result] of results) {
      const c = CASES.find((x) => checkTypeBySegment.get(x.segment)?.checkType === checkType)
      if (!c) continue
      const check = await services.checks.create(accountId, c.segment, { name: `capacity ${c.segment}`, activated: false, ...c.body }, { autoAssignAlerts: false })
      const checkId = String((check as { id: unknown }).id)
      const now = Date.now()
      const rows = Array.from({ length: ROWS }, (_, i) => {
        const job: RunJobRow = {
          id: `job-${checkType}-${i}`,
          account_id: accountId,
          check_id: checkId,
          location: 'us-east-1',
          private_location_id: null,
          sequence_id: `seq-${checkType}-${i}`,
          attempt: 1,
          first_started_at: null,
          scheduled_at: now - i * 1000,
          due_at: now - i * 1000,
          status: 'running',
          leased_by: null,
          lease_until: null,
          trigger: 'SCHEDULER',
          session_id: null,
          parallel_total: 1,
          created_at: now,
        }
        return toResultRow({
          id: `${checkType}-${i}-${Math.random().toString(36).slice(2)}`,
          job,
          checkType,
          result: { ...result, startedAt: now - i * 1000, stoppedAt: now - i * 1000 + 5 },
          final: true,
          at: now,
        })
      })
      const rowBytes = rows.reduce((sum, r) => sum + Buffer.byteLength(JSON.stringify(r)), 0) / ROWS
      const before = await resultBytes(store)
      const results = resultStore(store.db)
      for (let i = 0; i < rows.length; i += 500) await results.insertMany(rows.slice(i, i + 500))
      if (store.dialect === 'postgres') await sql`vacuum analyze check_results`.execute(store.db)
      out[checkType] = { rowBytes: Math.round(rowBytes), diskBytes: Math.round(((await resultBytes(store)) - before) / ROWS) }
    }
    return out
  } finally {
    await store.close()
    await scratch?.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

console.log(`# capacity model inputs\n${machine()}\n`)
const measured = []
for (const c of CASES) measured.push(await measureRunner(c))
console.log('| check type | runs | not passing | in flight | runs/s (wall, this machine) | CPU per run | runs per core-second |')
console.log('|---|---|---|---|---|---|---|')
for (const m of measured)
  console.log(
    `| ${m.checkType} | ${m.runs} | ${m.failing} | ${CASES.find((c) => checkTypeBySegment.get(c.segment)?.checkType === m.checkType)?.concurrency ?? ''} | ${m.runsPerSecond} | ${m.cpuMsPerRun} ms | ${m.runsPerCoreSecond} |`,
  )
const last = new Map(measured.map((m) => [m.checkType, m.last]))
const sqlite = await measureStorage('sqlite', last)
const pg = await measureStorage('postgres', last)
console.log('\n| check type | bytes per result row (columns as written) | SQLite on disk per result, with indexes | PostgreSQL on disk per result, with indexes and TOAST |')
console.log('|---|---|---|---|')
for (const m of measured) console.log(`| ${m.checkType} | ${sqlite[m.checkType]?.rowBytes ?? ''} | ${sqlite[m.checkType]?.diskBytes ?? ''} | ${pg[m.checkType]?.diskBytes ?? ''} |`)
http.child.kill()
targets.kill()
