/**
 * The HTTP client of bench/dashboard-pages.ts, run in a process of its own so that it never competes with the
 * server's event loop. Given a JSON job as its one argument, prints one JSON line of results:
 *
 * - `{ "mode": "seq", "origin", "urls", "samples", "budgetMs", "warmup" }`: requests one after another on one
 *   keep-alive connection (cycling through `urls`), `warmup` of them unmeasured; per request the time to the
 *   response headers (time to first byte) and to the last byte of the body. Stops after `samples` or once
 *   `budgetMs` is spent (at least 3 samples). A response other than 200 is timed too, and counted in `errors`.
 * - `{ "mode": "load", "origin", "urls", "connections", "seconds" }`: `connections` keep-alive connections, each
 *   sending its next request as soon as the previous response is read, for `seconds`; requests per second and
 *   latency percentiles.
 */
import { Client, Pool } from 'undici'

interface SeqJob {
  mode: 'seq'
  origin: string
  urls: string[]
  samples: number
  budgetMs: number
  warmup: number
}
interface LoadJob {
  mode: 'load'
  origin: string
  urls: string[]
  connections: number
  seconds: number
}

async function readAll(body: AsyncIterable<Buffer>): Promise<number> {
  let bytes = 0
  for await (const chunk of body) bytes += chunk.length
  return bytes
}

async function seq(job: SeqJob) {
  const client = new Client(job.origin, { keepAliveTimeout: 60_000, bodyTimeout: 600_000, headersTimeout: 600_000 })
  const ttfb: number[] = []
  const total: number[] = []
  let bytes = 0
  let errors = 0
  let error = ''
  const started = performance.now()
  for (let i = 0; ; i++) {
    const path = job.urls[i % job.urls.length] as string
    const t0 = performance.now()
    const res = await client.request({ method: 'GET', path })
    const t1 = performance.now()
    bytes = await readAll(res.body)
    const t2 = performance.now()
    if (i < job.warmup) continue
    if (res.statusCode !== 200) {
      errors++
      error = `HTTP ${res.statusCode}`
    }
    ttfb.push(t1 - t0)
    total.push(t2 - t0)
    if (ttfb.length >= job.samples || (ttfb.length >= 3 && performance.now() - started > job.budgetMs)) break
  }
  await client.close()
  return { ttfb, total, bytes, errors, error }
}

async function load(job: LoadJob) {
  const pool = new Pool(job.origin, { connections: job.connections, pipelining: 1, keepAliveTimeout: 60_000, bodyTimeout: 600_000, headersTimeout: 600_000 })
  const latencies: number[] = []
  let errors = 0
  let n = 0
  const started = performance.now()
  const until = started + job.seconds * 1000
  const worker = async () => {
    while (performance.now() < until) {
      const path = job.urls[n++ % job.urls.length] as string
      const t0 = performance.now()
      try {
        const res = await pool.request({ method: 'GET', path })
        await readAll(res.body)
        if (res.statusCode === 200) latencies.push(performance.now() - t0)
        else errors++
      } catch {
        errors++
      }
    }
  }
  await Promise.all(Array.from({ length: job.connections }, worker))
  const seconds = (performance.now() - started) / 1000
  await pool.close()
  return { requests: latencies.length, errors, seconds, latencies }
}

const job = JSON.parse(process.argv[2] ?? '{}') as SeqJob | LoadJob
const out = job.mode === 'seq' ? await seq(job) : await load(job)
process.stdout.write(`${JSON.stringify(out)}\n`)
