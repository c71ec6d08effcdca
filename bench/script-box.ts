/**
 * What the run box costs a setup script: the same script (a fetch of a local target, as setup scripts that get a
 * token do) run N times in a bubblewrap box with its egress proxy and N times in a bare child process (SANDBOX=off),
 * alternating, in one run; sequentially and 4 at a time. Usage: npx tsx bench/script-box.ts [--n 200]
 */
import { parseArgs } from 'node:util'
import { createChildProcessSandbox, type ChildProcessSandbox } from '../src/runners/sandbox/index.js'
import type { ScriptRequest } from '../src/runners/script-sandbox.js'
import { machine, percentile, round, startTarget, timeRuns } from './lib.js'

const { values } = parseArgs({ options: { n: { type: 'string', default: '200' } } })
const N = Number(values.n)
const target = await startTarget()
const request: ScriptRequest = { method: 'GET', url: `${target.url}/bench`, body: '', headers: {}, queryParameters: {} }
const script = `const r = await fetch('${target.url}/bench'); request.headers['x-ok'] = String((await r.json()).ok)`

async function measure(label: string, sandbox: ChildProcessSandbox, concurrency: number) {
  const once = async () => {
    const out = await sandbox.runSetup(script, { request, env: {} })
    if (!out.ok) throw new Error(`${label}: ${out.error}`)
  }
  const { wallMs: wall, times } = await timeRuns(N, concurrency, once, 10)
  return { label, concurrency, perSecond: round((N / wall) * 1000), p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)) }
}

const boxed = createChildProcessSandbox({ concurrency: 4 })
const bare = createChildProcessSandbox({ concurrency: 4, box: null })
const rows = []
for (const concurrency of [1, 4]) {
  const plain = await measure('bare child (SANDBOX=off)', bare, concurrency)
  const box = await measure('bubblewrap box + egress proxy', boxed, concurrency)
  rows.push(plain, box, {
    label: 'ratio box / bare (p50)',
    concurrency,
    perSecond: round(box.perSecond / plain.perSecond, 2),
    p50Ms: round(box.p50Ms / plain.p50Ms, 2),
    p99Ms: round(box.p99Ms / plain.p99Ms, 2),
  })
}
boxed.close()
bare.close()
target.child.kill()
console.log(machine())
console.log('| side | at once | scripts/s | p50 ms | p99 ms |\n|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.label} | ${r.concurrency} | ${r.perSecond} | ${r.p50Ms} | ${r.p99Ms} |`)
