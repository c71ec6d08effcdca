/**
 * A fake of the service's side of the agent protocol v1 (src/runners/agent-protocol.ts), for the agent's own tests: node:http
 * on 127.0.0.1 and port 0, serving lease (long poll with a wake-up when a job is queued), artifact upload (streamed
 * to a counter, never kept whole), result (duplicate and lost-lease answers), heartbeat and errors. It can answer
 * 503 to results, or go down and come back on the same port, to act out an outage.
 */
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LeasedJob } from '../../src/agent/protocol.js'

export interface ReceivedArtifact {
  jobId: string
  name: string
  leaseToken: string
  contentType: string
  bytes: number
  chunks: number
  sha256: string
}

export interface FakeService {
  url: string
  port: number
  /** Queues a job; a waiting lease call gets it at once. */
  queue(job: LeasedJob): void
  leases: Array<{ capacity: number; waitSeconds: number; checkTypes: string[]; headers: http.IncomingHttpHeaders; jobs: number }>
  results: Array<{ jobId: string; leaseToken: string; result: Record<string, unknown> }>
  /** Every result post seen, including refused ones. */
  resultPosts: number
  artifacts: ReceivedArtifact[]
  errors: unknown[]
  heartbeats: number
  /** Status for the next `n` result posts (e.g. 503), then normal answers. */
  failResults(status: number, n: number): void
  /** Lease tokens whose lease was lost: their result gets 409. */
  lostLeases: Set<string>
  /** Stops answering (connections refused) until up(). */
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

const readJson = async (req: http.IncomingMessage): Promise<Record<string, unknown>> => {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>)
}

const send = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

export async function startFakeService(expectedKey: string): Promise<FakeService> {
  const pending: LeasedJob[] = []
  const waiters = new Set<() => void>()
  const accepted = new Set<string>()
  let failStatus = 0
  let failCount = 0

  const fake = {
    leases: [],
    results: [],
    resultPosts: 0,
    artifacts: [],
    errors: [],
    heartbeats: 0,
    lostLeases: new Set<string>(),
  } as unknown as FakeService

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (req.headers.authorization !== `Bearer ${expectedKey}`) return send(res, 401, { statusCode: 401, error: 'Unauthorized', message: 'Bad key', attributes: {} })
    const path = url.pathname
    if (req.method === 'POST' && path === '/agent/v1/jobs/lease') {
      const body = await readJson(req)
      const capacity = Number(body.capacity)
      const waitSeconds = Number(body.waitSeconds)
      const take = () => pending.splice(0, capacity)
      let jobs = take()
      if (jobs.length === 0) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake)
            clearTimeout(timer)
            resolve()
          }
          const timer = setTimeout(wake, waitSeconds * 1000)
          waiters.add(wake)
          req.socket.once('close', wake)
        })
        if (res.destroyed || req.socket.destroyed) return
        jobs = take()
      }
      fake.leases.push({ capacity, waitSeconds, checkTypes: body.checkTypes as string[], headers: req.headers, jobs: jobs.length })
      return send(res, 200, { jobs })
    }
    const artifact = /^\/agent\/v1\/jobs\/([^/]+)\/artifacts\/([^/]+)$/.exec(path)
    if (req.method === 'PUT' && artifact) {
      const hash = createHash('sha256')
      let bytes = 0
      let chunks = 0
      for await (const c of req) {
        hash.update(c as Buffer)
        bytes += (c as Buffer).length
        chunks += 1
      }
      fake.artifacts.push({
        jobId: decodeURIComponent(artifact[1] ?? ''),
        name: decodeURIComponent(artifact[2] ?? ''),
        leaseToken: String(req.headers['x-lease-token']),
        contentType: String(req.headers['content-type']),
        bytes,
        chunks,
        sha256: hash.digest('hex'),
      })
      return send(res, 201, {})
    }
    const result = /^\/agent\/v1\/jobs\/([^/]+)\/result$/.exec(path)
    if (req.method === 'POST' && result) {
      const body = await readJson(req)
      fake.resultPosts += 1
      if (failCount > 0) {
        failCount -= 1
        return send(res, failStatus, { statusCode: failStatus, error: 'Unavailable', message: 'try later', attributes: {} })
      }
      const leaseToken = String(body.leaseToken)
      if (fake.lostLeases.has(leaseToken)) return send(res, 409, { statusCode: 409, error: 'Conflict', message: 'lease lost', attributes: {} })
      if (accepted.has(leaseToken)) return send(res, 200, { accepted: false, reason: 'duplicate' })
      accepted.add(leaseToken)
      fake.results.push({ jobId: decodeURIComponent(result[1] ?? ''), leaseToken, result: body.result as Record<string, unknown> })
      return send(res, 200, { accepted: true })
    }
    if (req.method === 'POST' && path === '/agent/v1/heartbeat') {
      await readJson(req)
      fake.heartbeats += 1
      return send(res, 200, { serverTime: new Date().toISOString() })
    }
    if (req.method === 'POST' && path === '/agent/v1/errors') {
      fake.errors.push(await readJson(req))
      return send(res, 202, {})
    }
    return send(res, 404, { statusCode: 404, error: 'Not Found', message: path, attributes: {} })
  }

  let server = http.createServer((req, res) => void handle(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })

  Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    port,
    queue(job: LeasedJob) {
      pending.push(job)
      for (const wake of [...waiters]) wake()
    },
    failResults(status: number, n: number) {
      failStatus = status
      failCount = n
    },
    down: stop,
    async up() {
      server = http.createServer((req, res) => void handle(req, res))
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
    },
    close: stop,
  })
  return fake
}
