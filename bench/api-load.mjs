// Open-loop load generator for bench/api-latency.ts, in its own process: sends `rate` requests per second for
// `seconds` (after `warmup`), a mix of reads and writes on the API, over keep-alive connections. Each latency is
// measured from when the request was due to be sent (not when a connection was free), so a server that stalls
// shows its stall instead of slowing the generator down. Prints the latencies (ms) by kind and the span the measured
// answers took (seconds) as JSON on stdout, and each request kind's latencies apart (`kinds`).
import http from 'node:http'

const [base, account, key, checkIdsJson, rate, seconds, warmup, writeShare] = process.argv.slice(2)
const checkIds = JSON.parse(checkIdsJson)
const url = new URL(base)
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
const headers = { authorization: `Bearer ${key}`, 'x-service-account': account }
const out = { read: [], write: [], kinds: {}, statuses: {}, errors: 0, spanSeconds: 0, cpuSeconds: 0 }
let lastDone = 0
const pick = (list) => list[Math.floor(Math.random() * list.length)]
const created = []

function call(method, path, body) {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method,
        agent,
        headers: data ? { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : headers,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode, text }))
      },
    )
    req.on('error', () => resolve({ status: 0, text: '' }))
    req.end(data)
  })
}

// Each request kind is named, so that its latencies are reported apart.
const reads = [
  ['get check', () => call('GET', `/v1/checks/${pick(checkIds)}`)],
  ['list checks', () => call('GET', '/v1/checks?limit=20')],
  ['check status', () => call('GET', `/v1/check-statuses/${pick(checkIds)}`)],
  ['list results', () => call('GET', `/v1/check-results/${pick(checkIds)}?limit=10`)],
]
let n = 0
const update = () => call('PUT', `/v1/checks/api/${pick(checkIds)}`, { name: `renamed ${n++}` })
const writes = [
  [
    'create check',
    async () => {
      const r = await call('POST', '/v1/checks/api', { name: `load ${n++}`, activated: false, request: { url: 'http://127.0.0.1:9/x' } })
      if (r.status === 201) created.push(JSON.parse(r.text).id)
      return r
    },
  ],
  ['update check', update],
  // Deletes only checks this generator created; until there are some, an update stands in.
  ['delete check', () => (created.length > 5 ? call('DELETE', `/v1/checks/${created.shift()}`) : update())],
]

const start = performance.now() + 200
const total = Math.floor(Number(rate) * (Number(seconds) + Number(warmup)))
const measureFrom = start + Number(warmup) * 1000
const pending = []
// This process's own CPU over the measured window (from the end of the warm-up).
let cpuFrom
setTimeout(() => (cpuFrom = process.cpuUsage()), Math.max(0, measureFrom - performance.now()))
for (let i = 0; i < total; i++) {
  const due = start + (i * 1000) / Number(rate)
  const wait = due - performance.now()
  if (wait > 1) await new Promise((r) => setTimeout(r, wait))
  const write = Math.random() < Number(writeShare)
  const [kind, send] = write ? pick(writes) : pick(reads)
  pending.push(
    send().then((r) => {
      const ms = performance.now() - due
      if (due < measureFrom) return
      lastDone = Math.max(lastDone, performance.now())
      if (r.status === 0) out.errors++
      out.statuses[r.status] = (out.statuses[r.status] ?? 0) + 1
      out[write ? 'write' : 'read'].push(ms)
      ;(out.kinds[kind] ??= []).push(ms)
    }),
  )
}
await Promise.all(pending)
// From the first measured request's due time to the last measured answer: the rate achieved is answers over this.
out.spanSeconds = Math.max(0, lastDone - measureFrom) / 1000
const cpu = process.cpuUsage(cpuFrom)
out.cpuSeconds = Math.round((cpu.user + cpu.system) / 1e4) / 100
process.stdout.write(JSON.stringify(out))
agent.destroy()
