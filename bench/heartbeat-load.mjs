// Load generator for bench/heartbeat-pings.ts, in its own process so that it does not share the server's event
// loop. Keeps `connections` keep-alive requests in flight against random ping paths for `seconds`, then prints the
// latencies (ms) of the requests completed after the warm-up, as JSON on stdout.
import fs from 'node:fs'
import http from 'node:http'

const [base, pathsFile, connections, seconds, warmup, postShare] = process.argv.slice(2)
const paths = JSON.parse(fs.readFileSync(pathsFile, 'utf8'))
const url = new URL(base)
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(connections) })
const start = performance.now()
const measureFrom = start + Number(warmup) * 1000
const stopAt = measureFrom + Number(seconds) * 1000
const latencies = []
const statuses = {}
let errors = 0

function once() {
  const path = paths[Math.floor(Math.random() * paths.length)]
  const post = Math.random() < Number(postShare)
  const body = post ? `job finished: ${Math.floor(Math.random() * 1e6)} rows` : undefined
  const t0 = performance.now()
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: post ? 'POST' : 'GET',
        agent,
        headers: { 'user-agent': 'bench/1.0', ...(post ? { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        res.resume()
        res.on('end', () => {
          const t1 = performance.now()
          if (t0 >= measureFrom && t1 <= stopAt) {
            latencies.push(t1 - t0)
            statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
          }
          resolve()
        })
      },
    )
    req.on('error', () => {
      errors++
      resolve()
    })
    req.end(body)
  })
}

async function worker() {
  while (performance.now() < stopAt) await once()
}

await Promise.all(Array.from({ length: Number(connections) }, worker))
process.stdout.write(JSON.stringify({ latencies, statuses, errors, seconds: Number(seconds) }))
agent.destroy()
