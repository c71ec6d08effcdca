/**
 * The API runner's own cost per check, as a ratio to a bare undici request to the same local target in the same
 * run. Both sides run the same number of requests, sequentially and then with 32 in flight; the runner opens a fresh
 * connection per run (as a monitor must, to measure dns/tcp), so it is compared with undici both on a fresh
 * connection per request and with undici's default keep-alive pool. Usage: npx tsx bench/runner-overhead.ts [--n 3000]
 */
import { parseArgs } from 'node:util'
import { Agent, request } from 'undici'
import { buildRunners } from '../src/runners/index.js'
import { createChildProcessSandbox } from '../src/runners/sandbox/index.js'
import { buildCheckDoc } from '../src/domain/checks/build-doc.js'
import { effectiveDoc } from '../src/engine/prepare.js'
import { apiCheck } from '../src/domain/checks/api.js'
import type { CheckRunSpec } from '../src/runners/contract.js'
import { machine, percentile, round, startTarget, timeRuns } from './lib.js'

const { values } = parseArgs({ options: { n: { type: 'string', default: '3000' } } })
const N = Number(values.n)
const target = await startTarget()
const url = `${target.url}/bench`
const sandbox = createChildProcessSandbox()
const api = buildRunners({ sandbox }).API
const doc = buildCheckDoc({
  def: apiCheck,
  id: 'bench',
  body: {
    name: 'bench',
    request: {
      url,
      assertions: [
        { source: 'STATUS_CODE', comparison: 'EQUALS', target: '200' },
        { source: 'JSON_BODY', property: '$.ok', comparison: 'EQUALS', target: 'true' },
      ],
    },
  },
})
const spec: CheckRunSpec = { checkId: 'bench', checkName: 'bench', checkType: 'API', doc: effectiveDoc('API', doc, undefined), variables: {}, scripts: { setup: [], teardown: [] } }
const ctx = { location: 'us-east-1', now: () => Date.now() }

async function measure(label: string, concurrency: number, once: () => Promise<void>) {
  const { wallMs: wall, times } = await timeRuns(N, concurrency, once, 200)
  return { label, concurrency, perSecond: round((N / wall) * 1000), meanMs: round(times.reduce((a, b) => a + b, 0) / times.length, 3), p99Ms: round(percentile(times, 99), 3) }
}

const fresh = async () => {
  const agent = new Agent({ pipelining: 0 })
  const res = await request(url, { dispatcher: agent, headers: { connection: 'close' } })
  await res.body.json()
  await agent.close()
}
const pooled = async () => {
  const res = await request(url)
  await res.body.json()
}
const runner = async () => {
  const r = await api.run(spec, ctx)
  if (r.status !== 'passing') throw new Error(`run failed: ${r.errorMessage ?? ''}`)
}

const rows: Array<Awaited<ReturnType<typeof measure>>> = []
for (const concurrency of [1, 32]) {
  rows.push(await measure('undici, fresh connection', concurrency, fresh))
  rows.push(await measure('undici, keep-alive pool', concurrency, pooled))
  rows.push(await measure('Picket API runner (fresh connection, phases, 2 assertions)', concurrency, runner))
}
const byC = (c: number, l: string) => rows.find((r) => r.concurrency === c && r.label.startsWith(l))!
const ratios = [1, 32].map((c) => ({
  concurrency: c,
  runnerVsFreshUndici: round(byC(c, 'Picket').meanMs / byC(c, 'undici, fresh').meanMs, 2),
  runnerVsPooledUndici: round(byC(c, 'Picket').meanMs / byC(c, 'undici, keep').meanMs, 2),
}))
console.log(JSON.stringify({ machine: machine(), n: N, rows, ratios }, null, 2))
sandbox.close()
target.child.kill('SIGTERM')
process.exit(0)
