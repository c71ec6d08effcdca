/**
 * The verdict and the record of a gRPC run, in the reference's CheckResultGrpc shape: the status code, the health
 * status, timing phases, the request as it was made and the response (message as JSON, metadata, the methods
 * reflection discovered).
 */
import { evaluateAssertions, type Assertion, type GrpcSubject } from '../domain/assertions/index.js'
import { GRPC_STATUS_NAMES, HEALTH_STATUSES, readMessage, type ResolvedMethod } from '../domain/checks/grpc-proto.js'
import { classifyRun, type Finding } from '../domain/results/classify.js'
import type { AssertionOutcome, RunResult } from './contract.js'
import { connectionFailure, type OpenChannel } from './grpc-channel.js'
import type { CallOutcome } from './grpc-call.js'
import type { NetFailure } from './net-errors.js'
import { contiguousPhases } from './phases.js'
import { buildRunResult, earlyFailure } from './run-result.js'

export interface GrpcConfig {
  host: string
  port: number
  family: 4 | 6
  tls: boolean
  skipSSL: boolean
  timeoutS: number
  mode: 'HEALTH' | 'BEHAVIOR'
  service: string
  method: string
  definition: 'REFLECTION' | 'PROTO_FILE'
  protoContent: string
  message: string
  metadata: Array<{ key: string; value: string }>
}

/** What one run went through, filled in as it goes. */
export interface GrpcRun {
  start: number
  stopped?: number
  open?: OpenChannel
  reflectedAt?: number
  discoveredMethods: string[] | null
  method?: ResolvedMethod
  call?: CallOutcome
  /** The name did not resolve, or the policy refused it. */
  failure?: NetFailure
  /** The method or the message could not be made (reflection, definition, JSON). */
  configError?: string
}

interface Limits {
  degradedResponseTime: number | null
  maxResponseTime: number | null
  shouldFail: boolean
  startedAt: number
  stoppedAt: number
}

const MAX_RESPONSE_TEXT = 64 * 1024
const DEADLINE_EXCEEDED = 4
const UNAVAILABLE = 14
const SERVING = 1

const statusName = (code: number) => GRPC_STATUS_NAMES[code] ?? `STATUS_${code}`

function phasesOf(run: GrpcRun): Record<string, number> {
  const call = run.call
  return contiguousPhases(
    run.start,
    [
      { phase: 'dns', mark: 'resolved', at: run.open?.resolvedAt },
      { phase: 'connection', mark: 'ready', at: run.open?.readyAt() },
      { phase: 'reflection', mark: 'reflected', at: run.reflectedAt, expected: run.reflectedAt !== undefined },
      { phase: 'firstResponse', mark: 'headers', at: call?.headersAt },
      { phase: 'download', mark: 'status', at: call?.statusAt },
    ],
    run.stopped ?? run.start,
  ).phases
}

/** The run could not make its call, or the call never reached the server: an error, not a status to judge. */
function callError(run: GrpcRun, cfg: GrpcConfig): NetFailure | null {
  if (run.failure) return run.failure
  const call = run.call
  if (!call) return null
  if (call.code === DEADLINE_EXCEEDED && call.headersAt === undefined) {
    return {
      kind: 'TIMEOUT',
      message: `gRPC deadline of ${cfg.timeoutS} s exceeded calling ${run.method?.path ?? ''} on ${cfg.host}:${cfg.port}`,
      code: 'DEADLINE_EXCEEDED',
      networkError: false,
    }
  }
  if (call.code === UNAVAILABLE && run.open?.readyAt() === undefined) return connectionFailure(`gRPC connection to ${cfg.host}:${cfg.port} failed: ${call.details}`)
  return null
}

function subjectOf(run: GrpcRun, cfg: GrpcConfig, responseTime: number): { subject: GrpcSubject; text: string } {
  const call = run.call as CallOutcome
  let response: Record<string, unknown> | null = null
  if (call.response && run.method) {
    try {
      response = readMessage(run.method.responseType, call.response)
    } catch {
      response = null
    }
  }
  const health = cfg.mode === 'HEALTH' && response ? HEALTH_STATUSES.indexOf(String(response.status) as (typeof HEALTH_STATUSES)[number]) : -1
  const text = response === null ? '' : JSON.stringify(response)
  const subject: GrpcSubject = {
    kind: 'grpc',
    statusCode: call.code,
    statusName: statusName(call.code),
    healthStatus: health >= 0 ? health : null,
    healthStatusName: health >= 0 ? (HEALTH_STATUSES[health] ?? null) : null,
    response,
    metadata: call.metadata,
    responseTime,
  }
  return { subject, text: text.length > MAX_RESPONSE_TEXT ? `${text.slice(0, MAX_RESPONSE_TEXT)}…` : text }
}

/** A non-OK status, or a health status other than SERVING, fails the run unless an assertion judges it. */
function findingsOf(s: GrpcSubject, assertions: readonly Assertion[], cfg: GrpcConfig, details: string, shouldFail: boolean): Finding[] {
  if (shouldFail) return []
  const judged = (source: string) => assertions.some((a) => a.source === source)
  const out: Finding[] = []
  if (s.statusCode !== 0 && !judged('GRPC_STATUS_CODE'))
    out.push({ severity: 'fail', kind: 'STATUS', message: `gRPC status ${s.statusCode} ${s.statusName}${details ? `: ${details}` : ''}` })
  if (cfg.mode === 'HEALTH' && s.statusCode === 0 && s.healthStatus !== SERVING && !judged('GRPC_HEALTHCHECK_STATUS')) {
    out.push({ severity: 'fail', kind: 'STATUS', message: `gRPC health status ${s.healthStatusName ?? 'missing'}${cfg.service ? ` for service ${cfg.service}` : ''}` })
  }
  return out
}

export function grpcOutcome(cfg: GrpcConfig, run: GrpcRun, assertions: Assertion[], lim: Limits): RunResult {
  const times = { startedAt: lim.startedAt, stoppedAt: lim.stoppedAt }
  const method = run.method?.path.slice(1) ?? (cfg.mode === 'HEALTH' ? 'grpc.health.v1.Health/Check' : cfg.method)
  const request = {
    host: cfg.host,
    port: cfg.port,
    grpcMode: cfg.mode,
    grpcMethod: method,
    tls: cfg.tls,
    service: cfg.service || null,
    message: cfg.mode === 'BEHAVIOR' ? cfg.message : null,
    metadata: cfg.metadata.map((m) => ({ key: m.key })),
  }
  const timingPhases = phasesOf(run)
  const responseTime = timingPhases.total ?? 0
  if (run.configError) {
    return earlyFailure('CONFIG', run.configError, {
      ...times,
      timingPhases,
      responseTime,
      details: { request, requestError: run.configError, healthStatus: null },
      jobLog: [run.configError],
    })
  }
  const error = callError(run, cfg)
  const call = run.call
  let outcomes: AssertionOutcome[] = []
  let findings: Finding[] = []
  let response: Record<string, unknown> | null = null
  let healthStatus: number | null = null
  if (!error && call) {
    const { subject, text } = subjectOf(run, cfg, responseTime)
    outcomes = evaluateAssertions(subject, assertions)
    findings = findingsOf(subject, assertions, cfg, call.details, lim.shouldFail)
    healthStatus = subject.healthStatus
    response = {
      grpcMode: cfg.mode,
      host: cfg.host,
      resolvedIp: run.open?.resolvedIp ?? '',
      port: cfg.port,
      grpcMethod: method,
      responseMessage: text,
      grpcStatusCode: call.code,
      grpcStatusMessage: call.details,
      healthStatus,
      healthStatusLabel: subject.healthStatusName ?? '',
      metadata: Object.entries(call.metadata).map(([key, value]) => ({ key, value })),
      discoveredMethods: run.discoveredMethods,
      requestError: null,
      timingPhases,
    }
  }
  const c = classifyRun({
    mode: 'grpc',
    error: error ? { kind: error.kind, message: error.message, networkError: error.networkError } : null,
    assertions: outcomes,
    findings,
    responseTime,
    ...lim,
  })
  const line = error
    ? `${method} on ${cfg.host}:${cfg.port} failed: ${error.message}`
    : `${method} on ${cfg.host}:${cfg.port} (${run.open?.resolvedIp ?? '?'}): ${call ? `${call.code} ${statusName(call.code)}` : 'no call'}`
  // The reference types grpcStatusCode as a number: a run whose call never ended with a status leaves it out.
  const details = { request, response, ...(call && !error ? { grpcStatusCode: call.code } : {}), healthStatus, ...(error ? { requestError: error.message } : {}) }
  return buildRunResult(c, { ...times, responseTime, assertions: outcomes, timingPhases, details, jobLog: [line] })
}
