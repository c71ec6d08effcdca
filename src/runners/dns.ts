/**
 * DNS monitors: one query of `recordType` for `query` over UDP or TCP to `nameServer`
 * (host, host:port or [v6]:port; `port` otherwise) or, when none is set, to the system resolver from
 * /etc/resolv.conf with 8.8.8.8 and then 1.1.1.1 as fallbacks on error. A custom name server gets no fallback.
 */
import { lookup } from 'node:dns/promises'
import { readFile } from 'node:fs/promises'
import net from 'node:net'
import { evaluateAssertions, parseAssertions } from '../domain/assertions/index.js'
import { classifyRun } from '../domain/results/classify.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, limits, num, str } from './doc-fields.js'
import { dnsJson, dnsText, rcodeName, rcodeNumberOf } from './dns-render.js'
import { dnsQuery, formatServer, type DnsQueryOutcome, type DnsServer } from './dns-wire.js'
import type { EgressPolicy } from '../domain/egress.js'
import { deniedAddress, egressGuard } from './egress-guard.js'
import { buildRunResult, earlyFailure } from './run-result.js'

export interface DnsRunnerOptions {
  /** Per-query timeout (default 5 s). */
  timeoutMs?: number
  /** Where the system resolver is read from (default /etc/resolv.conf). */
  resolvConfPath?: string
  /** Tried in order after the system resolver fails (default 8.8.8.8, 1.1.1.1). */
  fallbackServers?: string[]
  /**
   * Where queries may go (EGRESS_POLICY); default open. Only a name server the check names is a target: the
   * system resolver and the fallbacks are the operator's, and the answers are data, not connections.
   */
  egress?: EgressPolicy
}

/** `host`, `host:port`, `[v6]:port` or a bare IPv6 address; null when it cannot be read. */
export function parseNameServer(value: string, defaultPort: number): DnsServer | null {
  const v = value.trim()
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(v)
  if (bracketed) return { host: bracketed[1] as string, port: bracketed[2] ? Number(bracketed[2]) : defaultPort }
  if (net.isIPv6(v)) return { host: v, port: defaultPort }
  const hostPort = /^([^:\s]+)(?::(\d+))?$/.exec(v)
  if (!hostPort) return null
  const port = hostPort[2] ? Number(hostPort[2]) : defaultPort
  return port >= 1 && port <= 65535 ? { host: hostPort[1] as string, port } : null
}

/** The first `nameserver` of a resolv.conf text, without an IPv6 zone. */
export function firstNameServer(resolvConf: string): string | null {
  const m = /^\s*nameserver\s+(\S+)/m.exec(resolvConf)
  return m ? (m[1] as string).replace(/%.*$/, '') : null
}

async function systemServers(options: DnsRunnerOptions): Promise<string[]> {
  const fallbacks = options.fallbackServers ?? ['8.8.8.8', '1.1.1.1']
  const conf = await readFile(options.resolvConfPath ?? '/etc/resolv.conf', 'utf8').catch(() => '')
  const system = firstNameServer(conf)
  return [...new Set([...(system ? [system] : []), ...fallbacks])]
}

/** A name server given by name is looked up with the system resolver first. */
async function resolveServer(server: DnsServer): Promise<DnsServer | string> {
  if (net.isIP(server.host)) return server
  try {
    return { host: (await lookup(server.host)).address, port: server.port }
  } catch (err) {
    return `Could not resolve the name server ${server.host}: ${(err as Error).message}`
  }
}

export function dnsRunner(options: DnsRunnerOptions = {}): CheckRunner {
  const egress = egressGuard(options.egress)
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const r = asDoc(spec.doc.request)
      const query = str(r.query).trim()
      const recordType = str(r.recordType, 'A').toUpperCase()
      const protocol = str(r.protocol, 'UDP').toUpperCase() === 'TCP' ? 'TCP' : 'UDP'
      const port = num(r.port) ?? 53
      const custom = str(r.nameServer).trim()
      const fail = (kind: 'CONFIG' | 'DNS', message: string, jobLog: string[] = []) => earlyFailure(kind, message, { startedAt, stoppedAt: ctx.now(), jobLog })
      if (query === '') return fail('CONFIG', 'DNS checks need a query')
      const candidates = custom !== '' ? [custom] : await systemServers(options)
      const jobLog: string[] = []
      let outcome: DnsQueryOutcome | null = null
      let used: DnsServer | null = null
      for (const candidate of candidates) {
        const parsed = parseNameServer(candidate, port)
        if (!parsed) return fail('CONFIG', `Invalid name server ${JSON.stringify(candidate)}`)
        const server = await resolveServer(parsed)
        if (typeof server === 'string') {
          if (custom !== '') return fail('DNS', server, jobLog)
          jobLog.push(server)
          continue
        }
        const denial = custom !== '' ? deniedAddress(egress, server.host, parsed.host, server.port) : null
        if (denial) return fail('CONFIG', denial.message, [...jobLog, denial.message])
        used = server
        outcome = await dnsQuery(server, query, recordType, protocol, options.timeoutMs ?? 5_000)
        jobLog.push(`${recordType} ${query} via ${formatServer(server)} over ${protocol}: ${outcome.ok ? rcodeName(rcodeNumberOf(outcome.packet)) : outcome.error.message}`)
        if (outcome.ok) break
      }
      if (!outcome || !used) return fail('DNS', 'No name server could be reached', jobLog)
      const lim = limits(spec.doc)
      const request = { query, recordType, nameServer: formatServer(used), protocol }
      if (!outcome.ok) {
        const c = classifyRun({ mode: 'dns', error: outcome.error, assertions: [], responseTime: outcome.elapsed, ...lim })
        const details = { request, response: null, requestError: outcome.error.message }
        return buildRunResult(c, { startedAt, stoppedAt: ctx.now(), responseTime: outcome.elapsed, assertions: [], timingPhases: { total: outcome.elapsed }, details, jobLog })
      }
      const packet = outcome.packet
      const rcodeNumber = rcodeNumberOf(packet)
      const rcode = rcodeName(rcodeNumber)
      const json = dnsJson(packet)
      const text = dnsText(packet)
      const responseTime = outcome.elapsed
      const assertions = evaluateAssertions({ kind: 'dns', rcode, rcodeNumber, responseTime, text, json }, parseAssertions(r.assertions))
      const c = classifyRun({ mode: 'dns', assertions, responseTime, ...lim, dnsRcode: rcode })
      const details = { request, response: { rcode, bytes: outcome.bytes, json, text } }
      return buildRunResult(c, { startedAt, stoppedAt: ctx.now(), responseTime, assertions, timingPhases: { total: responseTime }, details, jobLog })
    },
  }
}
