/**
 * Traceroute monitors: the system `traceroute` (Linux modern traceroute), three probes per hop, parsed
 * (traceroute-parse.ts). The final answering hop's latency is the response time; a route that never reaches the
 * destination fails. The trace stops after maxUnknownHops silent hops in a row or the check's timeout.
 */
import { spawn } from 'node:child_process'
import { evaluateAssertions, parseAssertions } from '../domain/assertions/index.js'
import { tracerouteHost } from '../domain/checks/traceroute.js'
import type { Finding } from '../domain/results/classify.js'
import { classifyRun } from '../domain/results/classify.js'
import type { EgressPolicy } from '../domain/egress.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, bool, ipFamily, limits, num, str } from './doc-fields.js'
import { egressGuard, resolveAllowed } from './egress-guard.js'
import { mapNetworkError } from './net-errors.js'
import { buildRunResult, earlyFailure } from './run-result.js'
import { parseTraceroute, reachedBy, trailingUnknownHops, type TracerouteHop } from './traceroute-parse.js'

export interface TracerouteRunnerOptions {
  /** The command that runs traceroute, before its arguments (default ['traceroute']; tests prefix `ip netns exec`). */
  command?: string[]
  egress?: EgressPolicy
  /** Whether raw sockets may be opened (TCP probes with -T); default: running as root. */
  privileged?: boolean
}

const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
const PROBES_PER_HOP = 3

interface Trace {
  stdout: string
  stderr: string
  spawnError: NodeJS.ErrnoException | null
  truncationReason: string | null
  ms: number
}

/** Runs traceroute, stopping it after `maxUnknown` silent hops in a row or `timeoutMs`. */
function runTrace(argv: string[], maxUnknown: number, timeoutMs: number, signal?: AbortSignal): Promise<Trace> {
  return new Promise((resolve) => {
    const started = Date.now()
    const out: Trace = { stdout: '', stderr: '', spawnError: null, truncationReason: null, ms: 0 }
    const [command, ...args] = argv as [string, ...string[]]
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: SYSTEM_PATH, LC_ALL: 'C' }, ...(signal ? { signal } : {}) })
    const stop = (reason: string) => {
      if (out.truncationReason === null) out.truncationReason = reason
      child.kill('SIGTERM')
    }
    const timer = setTimeout(() => stop('TIMEOUT'), timeoutMs)
    child.stdout.on('data', (d: Buffer) => {
      out.stdout += d.toString('utf8')
      const report = parseTraceroute(out.stdout.slice(0, out.stdout.lastIndexOf('\n') + 1))
      if (report && trailingUnknownHops(report.hops) >= maxUnknown) stop('MAX_UNKNOWN_HOPS')
    })
    child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString('utf8')))
    child.on('error', (err) => (out.spawnError = err))
    child.on('close', () => {
      clearTimeout(timer)
      out.ms = Date.now() - started
      resolve(out)
    })
  })
}

function traceFailure(t: Trace, command: string) {
  if (t.spawnError?.code === 'ENOENT')
    return { kind: 'INTERNAL' as const, message: `The traceroute command (${command}) is not installed on this runner; install the traceroute package` }
  const text = (t.stderr.trim() || t.stdout.trim()).split('\n')[0] ?? ''
  if (/not known|name resolution|no address associated|cannot handle "host"/i.test(text)) return { kind: 'DNS' as const, message: `DNS lookup failed: ${text}`, networkError: true }
  if (/privileges|permission|not permitted/i.test(text)) return { kind: 'CONFIG' as const, message: `traceroute cannot use this probe method here: ${text}` }
  return { kind: 'INTERNAL' as const, message: `traceroute failed: ${text || 'no output'}` }
}

function protocolArgs(protocol: string, port: number | null, privileged: boolean): string[] {
  const withPort = port === null ? [] : ['-p', String(port)]
  if (protocol === 'ICMP') return ['-I']
  // TCP SYN probes need a raw socket; unprivileged, full connects (tcpconn) reach the same hops.
  if (protocol === 'TCP') return [...(privileged ? ['-T'] : ['-M', 'tcpconn']), ...(port === null ? ['-p', '80'] : withPort)]
  return withPort
}

export function tracerouteRunner(options: TracerouteRunnerOptions = {}): CheckRunner {
  const command = options.command ?? ['traceroute']
  const egress = egressGuard(options.egress)
  const privileged = options.privileged ?? process.getuid?.() === 0
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const r = asDoc(spec.doc.request)
      const hostname = tracerouteHost(str(r.url))
      const family = ipFamily(r.ipFamily)
      const protocol = str(r.protocol, 'UDP')
      const port = num(r.port)
      const maxHops = Math.min(64, Math.max(1, num(r.maxHops) ?? 30))
      const maxUnknownHops = Math.min(30, Math.max(1, num(r.maxUnknownHops) ?? 15))
      const timeoutSec = Math.min(30, Math.max(1, num(r.timeout) ?? 10))
      const ptrLookup = bool(r.ptrLookup, true)
      const request = { url: str(r.url), hostname, protocol, port, ipFamily: family, maxHops, maxUnknownHops, ptrLookup, timeout: timeoutSec }
      if (hostname === '' || hostname.startsWith('-') || /\s/.test(hostname)) {
        return earlyFailure('CONFIG', `Invalid host ${JSON.stringify(hostname)}`, { startedAt, stoppedAt: ctx.now(), details: { request } })
      }
      // The host is resolved and checked against the egress policy here, and traceroute is given the checked address.
      const resolved = await resolveAllowed(egress, hostname, family === 'IPv6' ? 6 : 4)
      if ('error' in resolved) {
        const f = mapNetworkError(resolved.error)
        return { ...earlyFailure(f.kind, f.message, { startedAt, stoppedAt: ctx.now(), details: { request, requestError: f.message } }), networkError: f.networkError }
      }
      const target = resolved.address
      const args = [
        ...(ptrLookup ? [] : ['-n']),
        family === 'IPv6' ? '-6' : '-4',
        '-q',
        String(PROBES_PER_HOP),
        '-m',
        String(maxHops),
        '-w',
        String(Math.min(3, timeoutSec)),
        ...protocolArgs(protocol, port, privileged),
        target,
      ]
      const trace = await runTrace([...command, ...args], maxUnknownHops, timeoutSec * 1000, ctx.signal)
      const jobLog = [`traceroute ${args.join(' ')}`, ...trace.stdout.split('\n').filter((l) => l.trim() !== ''), ...trace.stderr.split('\n').filter((l) => l.trim() !== '')]
      const report = parseTraceroute(trace.stdout)
      if (!report) {
        const error = traceFailure(trace, command.join(' '))
        const failed = earlyFailure(error.kind, error.message, { startedAt, stoppedAt: ctx.now(), jobLog, details: { request, requestError: error.message } })
        return { ...failed, networkError: 'networkError' in error }
      }
      const reachedAt = report.hops.findIndex((h) => reachedBy(h, report.resolvedIp))
      const destinationReached = reachedAt >= 0
      const hops: TracerouteHop[] = destinationReached ? report.hops.slice(0, reachedAt + 1) : report.hops
      const finalHop = [...hops].reverse().find((h) => h.rtts.length > 0)
      const totalHops = hops.length
      const finalHopLatency = finalHop?.latency ?? null
      const truncationReason = destinationReached ? null : (trace.truncationReason ?? (totalHops >= maxHops ? 'MAX_HOPS' : 'UNREACHABLE'))
      const responseTime = finalHopLatency?.avg ?? 0
      const packetLoss = finalHop?.packetLoss ?? null
      const assertions = evaluateAssertions(
        { kind: 'traceroute', latency: finalHopLatency ?? { avg: null, min: null, max: null, stdDev: null }, hopCount: totalHops, packetLoss },
        parseAssertions(r.assertions),
      )
      const findings: Finding[] = destinationReached
        ? []
        : [{ severity: 'fail', kind: 'NETWORK', message: `${hostname} was not reached after ${totalHops} hops (${truncationReason})` }]
      const c = classifyRun({ mode: 'traceroute', assertions, responseTime, findings, ...limits(spec.doc) })
      const response = {
        hostname,
        resolvedIp: report.resolvedIp ?? '',
        totalHops,
        destinationReached,
        ...(truncationReason ? { truncationReason } : {}),
        finalHopLatency,
        hops,
        protocol,
        probeProtocol: protocol === 'TCP' && !privileged ? 'TCP_CONNECT' : protocol,
      }
      const details = {
        totalHops,
        hopCount: totalHops,
        destinationReached,
        finalHopLatency,
        packetLoss,
        requestError: destinationReached ? null : (findings[0]?.message ?? null),
        request,
        response,
      }
      const timingPhases = { total: trace.ms, ...(finalHopLatency?.avg != null ? { finalHopLatency: finalHopLatency.avg } : {}) }
      return buildRunResult(c, { startedAt, stoppedAt: ctx.now(), responseTime, assertions, timingPhases, details, jobLog })
    },
  }
}
