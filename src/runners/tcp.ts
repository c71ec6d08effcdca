/**
 * TCP monitors: connect, optionally send `data`, read the reply until the peer ends, 64 KiB
 * or a short idle gap; phases dns, connection, data, total; RESPONSE_DATA / RESPONSE_TIME assertions; with
 * shouldFail a refused or timed-out connection passes.
 */
import net, { isIP } from 'node:net'
import { performance } from 'node:perf_hooks'
import { evaluateAssertions, parseAssertions } from '../domain/assertions/index.js'
import { classifyRun } from '../domain/results/classify.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, ipFamily, limits, num, str } from './doc-fields.js'
import type { EgressPolicy } from '../domain/egress.js'
import { deniedLiteral, egressGuard, guardedLookup, type EgressGuard } from './egress-guard.js'
import { mapNetworkError, type NetFailure } from './net-errors.js'
import { contiguousPhases } from './phases.js'
import { buildRunResult, earlyFailure } from './run-result.js'

export interface TcpRunnerOptions {
  /** Hard limit for connect and exchange (default 30 s). */
  timeoutMs?: number
  /** The reply is complete after this long without data (default 2 s). */
  idleMs?: number
  /** Bytes of reply read at most (default 64 KiB). */
  maxBytes?: number
  /** Where connections may go (EGRESS_POLICY); default open. */
  egress?: EgressPolicy
}

interface Exchange {
  error: NetFailure | null
  data: Buffer
  start: number
  lookup?: number
  connect?: number
  lastData?: number
  stopped: number
  remoteAddress: string | null
}

interface ExchangeInput {
  host: string
  port: number
  family: 4 | 6
  payload: Buffer | null
  read: boolean
  timeoutMs: number
  idleMs: number
  maxBytes: number
  signal?: AbortSignal
  egress: EgressGuard
}

function exchange(x: ExchangeInput): Promise<Exchange> {
  return new Promise((resolve) => {
    const r: Exchange = { error: null, data: Buffer.alloc(0), start: performance.now(), stopped: 0, remoteAddress: null }
    const chunks: Buffer[] = []
    let size = 0
    let idle: NodeJS.Timeout | undefined
    // The egress policy: an address is checked before connecting, a name by the socket's own lookup.
    const denial = deniedLiteral(x.egress, x.host, x.port)
    if (denial) {
      r.stopped = performance.now()
      r.error = mapNetworkError(denial)
      return resolve(r)
    }
    const socket = net.connect({ host: x.host, port: x.port, family: x.family, lookup: guardedLookup(x.egress, x.port) })
    const finish = (error: NetFailure | null) => {
      if (r.stopped !== 0) return
      r.stopped = performance.now()
      r.error = error
      r.data = Buffer.concat(chunks).subarray(0, x.maxBytes)
      clearTimeout(hard)
      clearTimeout(idle)
      x.signal?.removeEventListener('abort', onAbort)
      socket.destroy()
      resolve(r)
    }
    const armIdle = () => {
      clearTimeout(idle)
      idle = setTimeout(() => finish(null), x.idleMs)
    }
    const hard = setTimeout(
      () => finish({ kind: 'TIMEOUT', message: `TCP connection to ${x.host}:${x.port} timed out after ${x.timeoutMs} ms`, code: 'TIMEOUT', networkError: false }),
      x.timeoutMs,
    )
    const onAbort = () => finish({ kind: 'INTERNAL', message: 'The run was aborted', code: 'ABORTED', networkError: false })
    x.signal?.addEventListener('abort', onAbort, { once: true })
    socket.once('lookup', () => (r.lookup = performance.now()))
    socket.once('connect', () => {
      r.connect = performance.now()
      r.remoteAddress = socket.remoteAddress ?? null
      if (x.payload) socket.write(x.payload)
      if (!x.payload && !x.read) finish(null)
      else armIdle()
    })
    socket.on('data', (chunk: Buffer) => {
      r.lastData = performance.now()
      chunks.push(chunk)
      size += chunk.length
      if (size >= x.maxBytes) finish(null)
      else armIdle()
    })
    socket.on('end', () => finish(null))
    // After connecting, a reset that ends a reply still leaves the reply; before any data it is a failure.
    socket.on('error', (err) => finish(r.connect !== undefined && size > 0 ? null : mapNetworkError(err)))
  })
}

/**
 * Contiguous phases that add up to `total`: dns (0 for an IP address), connection, data (from the connection to
 * the last byte received; the idle gap that ends a reply is not counted). A failure ends the phase in progress.
 */
function phasesOf(e: Exchange, host: string): Record<string, number> {
  return contiguousPhases(
    e.start,
    [
      { phase: 'dns', mark: 'lookup', at: e.lookup, expected: isIP(host) === 0 },
      { phase: 'connection', mark: 'connect', at: e.connect },
      { phase: 'data', mark: 'end', at: e.error ? undefined : (e.lastData ?? e.connect) },
    ],
    e.stopped,
  ).phases
}

export function tcpRunner(options: TcpRunnerOptions = {}): CheckRunner {
  const egress = egressGuard(options.egress)
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const r = asDoc(spec.doc.request)
      const host = str(r.hostname).trim()
      const port = num(r.port)
      if (host === '' || port === null || port < 1 || port > 65535) {
        return earlyFailure('CONFIG', 'TCP checks need a hostname and a port between 1 and 65535', { startedAt, stoppedAt: ctx.now() })
      }
      const assertions = parseAssertions(r.assertions)
      const data = str(r.data)
      const e = await exchange({
        host,
        port,
        family: ipFamily(r.ipFamily) === 'IPv6' ? 6 : 4,
        payload: data === '' ? null : Buffer.from(data, 'utf8'),
        read: assertions.some((a) => a.source === 'RESPONSE_DATA'),
        timeoutMs: options.timeoutMs ?? 30_000,
        idleMs: options.idleMs ?? 2_000,
        maxBytes: options.maxBytes ?? 64 * 1024,
        ...(ctx.signal ? { signal: ctx.signal } : {}),
        egress,
      })
      const timingPhases = phasesOf(e, host)
      const responseTime = timingPhases.total ?? 0
      const lim = limits(spec.doc)
      const received = e.data.toString('utf8')
      const outcomes = e.error ? [] : evaluateAssertions({ kind: 'tcp', data: received, responseTime }, assertions)
      const c = classifyRun({ mode: 'tcp', error: e.error, assertions: outcomes, responseTime, ...lim })
      const jobLog = [
        e.error ? `Connection to ${host}:${port} failed: ${e.error.message}` : `Connected to ${host}:${port} (${e.remoteAddress ?? '?'}), received ${e.data.length} bytes`,
      ]
      const details = {
        request: { hostname: host, port, ipFamily: ipFamily(r.ipFamily), data },
        response: e.error ? null : { data: received, bytesReceived: e.data.length, remoteAddress: e.remoteAddress },
        ...(e.error ? { requestError: e.error.message } : {}),
      }
      return buildRunResult(c, { startedAt, stoppedAt: ctx.now(), responseTime, assertions: outcomes, timingPhases, details, jobLog })
    },
  }
}
