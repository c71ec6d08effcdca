/**
 * ICMP monitors: the system `ping` from iputils, unprivileged,
 * `ping -n -c <pingCount> -i 0.5 -W <timeout> [-4|-6] host`, parsed. Packet loss above maxPacketLossThreshold
 * fails the run, above degradedPacketLossThreshold degrades it; LATENCY and JSON_RESPONSE assertions.
 */
import { spawn } from 'node:child_process'
import { evaluateAssertions, parseAssertions } from '../domain/assertions/index.js'
import { classifyRun, type RunError } from '../domain/results/classify.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, ipFamily, num, str } from './doc-fields.js'
import type { EgressPolicy } from '../domain/egress.js'
import { egressGuard, resolveAllowed } from './egress-guard.js'
import { mapNetworkError } from './net-errors.js'
import { parsePing, type PingReport } from './ping-parse.js'
import { buildRunResult, earlyFailure } from './run-result.js'

export interface IcmpRunnerOptions {
  /** The ping binary (default `ping` on PATH). */
  pingPath?: string
  /** Seconds ping waits for a reply (-W, default 5). */
  replyTimeoutSec?: number
  /**
   * Where pings may go (EGRESS_POLICY); default open. When it is not open, the host is resolved and checked here
   * and ping is given the checked address, so it cannot resolve the name to another one.
   */
  egress?: EgressPolicy
}

interface PingOutput {
  stdout: string
  stderr: string
  spawnError: NodeJS.ErrnoException | null
}

/** Where the system ping lives (iputils); the service's own environment is not passed to the child. */
const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'

function runPing(path: string, args: string[], killAfterMs: number, signal?: AbortSignal): Promise<PingOutput> {
  return new Promise((resolve) => {
    const out: PingOutput = { stdout: '', stderr: '', spawnError: null }
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: SYSTEM_PATH, LC_ALL: 'C' }, ...(signal ? { signal } : {}) })
    const timer = setTimeout(() => child.kill('SIGINT'), killAfterMs)
    child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString('utf8')))
    child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString('utf8')))
    child.on('error', (err) => (out.spawnError = err))
    child.on('close', () => {
      clearTimeout(timer)
      resolve(out)
    })
  })
}

/** Why ping produced no statistics, as a result error. */
export function pingFailure(out: PingOutput, pingPath: string): RunError {
  if (out.spawnError?.code === 'ENOENT') {
    return { kind: 'INTERNAL', message: `The ping command (${pingPath}) is not installed on this runner; install iputils-ping` }
  }
  if (out.spawnError) return { kind: 'INTERNAL', message: `Could not run ping: ${out.spawnError.message}` }
  const text = (out.stderr.trim() || out.stdout.trim()).replace(/^ping:\s*/, '')
  if (/not known|name resolution|no address associated|nodename nor servname|cannot resolve/i.test(text)) {
    return { kind: 'DNS', message: `DNS lookup failed: ${text}`, networkError: true }
  }
  if (/unreachable/i.test(text)) return { kind: 'NETWORK', message: text, networkError: true }
  return { kind: 'INTERNAL', message: `ping failed: ${text || 'no output'}` }
}

const latencyPhases = (r: PingReport): Record<string, number> => {
  const entries = Object.entries({ latencyAvg: r.latency.avg, latencyMin: r.latency.min, latencyMax: r.latency.max, latencyStdDev: r.latency.stdDev })
  return Object.fromEntries(entries.filter((e): e is [string, number] => e[1] !== null))
}

export function icmpRunner(options: IcmpRunnerOptions = {}): CheckRunner {
  const pingPath = options.pingPath ?? 'ping'
  const egress = egressGuard(options.egress)
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const doc = spec.doc
      const r = asDoc(doc.request)
      const hostname = str(r.hostname).trim()
      if (hostname === '' || hostname.startsWith('-') || /\s/.test(hostname)) {
        return earlyFailure('CONFIG', `Invalid hostname ${JSON.stringify(hostname)}`, { startedAt, stoppedAt: ctx.now() })
      }
      const family = ipFamily(r.ipFamily)
      const pingCount = Math.min(50, Math.max(1, Math.round(num(r.pingCount) ?? 10)))
      const wait = options.replyTimeoutSec ?? 5
      let target = hostname
      if (egress) {
        const resolved = await resolveAllowed(egress, hostname, family === 'IPv6' ? 6 : 4)
        if ('error' in resolved) {
          const f = mapNetworkError(resolved.error)
          const failed = earlyFailure(f.kind, f.message, { startedAt, stoppedAt: ctx.now(), jobLog: [f.message], details: { request: { hostname, ipFamily: family, pingCount } } })
          return { ...failed, networkError: f.networkError }
        }
        target = resolved.address
      }
      const args = ['-n', '-c', String(pingCount), '-i', '0.5', '-W', String(wait), family === 'IPv6' ? '-6' : '-4', target]
      const out = await runPing(pingPath, args, (pingCount * 0.5 + wait + 5) * 1000, ctx.signal)
      const report = parsePing(out.stdout, hostname, family, pingCount)
      const jobLog = [`${pingPath} ${args.join(' ')}`, ...out.stdout.split('\n').filter((l) => l.trim() !== ''), ...out.stderr.split('\n').filter((l) => l.trim() !== '')]
      if (!report) {
        const error = pingFailure(out, pingPath)
        return earlyFailure(error.kind, error.message, { startedAt, stoppedAt: ctx.now(), jobLog, details: { request: { hostname, ipFamily: family, pingCount } } })
      }
      const assertions = evaluateAssertions({ kind: 'icmp', latency: report.latency, json: report }, parseAssertions(r.assertions))
      const responseTime = report.latency.avg ?? 0
      const c = classifyRun({
        mode: 'icmp',
        assertions,
        responseTime,
        shouldFail: doc.shouldFail === true,
        packetLoss: report.packetLoss,
        degradedPacketLossThreshold: num(doc.degradedPacketLossThreshold) ?? 10,
        maxPacketLossThreshold: num(doc.maxPacketLossThreshold) ?? 20,
      })
      const details = { request: { hostname, ipFamily: family, pingCount }, response: report }
      return buildRunResult(c, { startedAt, stoppedAt: ctx.now(), responseTime, assertions, timingPhases: latencyPhases(report), details, jobLog })
    },
  }
}
