/**
 * gRPC monitors. HEALTH calls grpc.health.v1.Health/Check for `service` (empty: the whole server); BEHAVIOR calls
 * one unary method, its types from the server's reflection service or from the check's .proto file, with the
 * check's JSON message. Over TLS or plaintext, with metadata ({{VARIABLES}} filled in) and a deadline. Phases:
 * dns, connection (until the channel is ready), reflection, firstResponse (until the response headers), download
 * (until the status), total. A non-OK status or a health status other than SERVING fails the run unless an
 * assertion judges it (or shouldFail is set).
 */
import { performance } from 'node:perf_hooks'
import { randomUUID } from 'node:crypto'
import { parseAssertions } from '../domain/assertions/index.js'
import { GRPC_DEFAULT_TIMEOUT_S } from '../domain/checks/grpc.js'
import { HEALTH_CHECK, buildMessage, listMethods, parseProto, resolveMethod, splitMethod, type Parsed, type ResolvedMethod } from '../domain/checks/grpc-proto.js'
import type { EgressPolicy } from '../domain/egress.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, bool, ipFamily, limits, num, str } from './doc-fields.js'
import { egressGuard, type EgressGuard } from './egress-guard.js'
import { connectionFailure, openChannel, type OpenChannel } from './grpc-channel.js'
import { reflectService, requestMetadata, unaryCall } from './grpc-call.js'
import { grpcOutcome, type GrpcConfig, type GrpcRun } from './grpc-result.js'
import { interpolate } from './interpolate.js'
import { earlyFailure } from './run-result.js'

export interface GrpcRunnerOptions {
  /** Where connections may go (EGRESS_POLICY); default open. */
  egress?: EgressPolicy
}

function readConfig(spec: CheckRunSpec, now: number): GrpcConfig | string {
  const r = asDoc(spec.doc.request)
  const c = asDoc(r.grpcConfig)
  const ictx = { variables: spec.variables, now, uuid: randomUUID, random: Math.random }
  const fill = (s: string) => interpolate(s, ictx, { encode: false }).text
  const host = str(r.url).trim()
  const port = num(r.port) ?? Number(str(r.port))
  if (host === '' || !Number.isInteger(port) || port < 1 || port > 65535) return 'gRPC checks need a host (url) and a port between 1 and 65535'
  const items = Array.isArray(c.metadata) ? c.metadata.map(asDoc) : []
  return {
    host,
    port,
    family: ipFamily(r.ipFamily) === 'IPv6' ? 6 : 4,
    tls: bool(c.tls),
    skipSSL: bool(r.skipSSL),
    timeoutS: num(r.timeout) ?? GRPC_DEFAULT_TIMEOUT_S,
    mode: c.mode === 'BEHAVIOR' ? 'BEHAVIOR' : 'HEALTH',
    service: str(c.service),
    method: str(c.method),
    definition: c.serviceDefinition === 'PROTO_FILE' ? 'PROTO_FILE' : 'REFLECTION',
    protoContent: str(c.protoContent),
    message: fill(str(c.message)),
    metadata: items.map((m) => ({ key: str(m.key), value: fill(str(m.value)) })).filter((m) => m.key !== ''),
  }
}

/** The method to call: from the check's file, from reflection, or the health protocol. */
async function methodOf(cfg: GrpcConfig, open: OpenChannel, run: GrpcRun, deadline: Date): Promise<Parsed<ResolvedMethod>> {
  if (cfg.mode === 'HEALTH') return { ok: true, value: HEALTH_CHECK }
  const name = splitMethod(cfg.method, cfg.service)
  if (!name) return { ok: false, error: 'BEHAVIOR mode needs a method: package.Service/Method' }
  if (cfg.definition === 'PROTO_FILE') {
    const root = parseProto(cfg.protoContent)
    return root.ok ? resolveMethod(root.value, name.service, name.method) : { ok: false, error: `protoContent ${root.error}` }
  }
  const root = await reflectService(open, name.service, requestMetadata(cfg.metadata), deadline)
  run.reflectedAt = performance.now()
  run.discoveredMethods = listMethods(root)
  return resolveMethod(root, name.service, name.method)
}

async function exchange(cfg: GrpcConfig, egress: EgressGuard, run: GrpcRun, signal?: AbortSignal): Promise<void> {
  const opened = await openChannel(cfg, egress)
  if ('error' in opened) {
    run.failure = opened.error
    return
  }
  run.open = opened
  try {
    const deadline = new Date(Date.now() + cfg.timeoutS * 1000)
    const method = await methodOf(cfg, opened, run, deadline).catch((err: unknown) => reflectionFailure(err, cfg, run))
    if (!method) return
    if (!method.ok) {
      run.configError = method.error
      return
    }
    run.method = method.value
    const message = cfg.mode === 'HEALTH' ? buildMessage(method.value.requestType, JSON.stringify({ service: cfg.service })) : buildMessage(method.value.requestType, cfg.message)
    if (!message.ok) {
      run.configError = `message ${message.error}`
      return
    }
    run.call = await unaryCall(opened, method.value, message.value, requestMetadata(cfg.metadata), deadline, signal)
  } finally {
    opened.close()
  }
}

/**
 * Why the reflection service could not describe the service. A connection that never came up or a deadline that
 * passed is the run's failure as it would be for the call itself (recorded on `run`, nothing returned); any other
 * answer means the check cannot run as configured against this server.
 */
function reflectionFailure(err: unknown, cfg: GrpcConfig, run: GrpcRun): Parsed<ResolvedMethod> | null {
  const text = String((err as Error)?.message ?? err).replace(/^Error: /, '')
  const status = /^(\d+) [A-Z_]+: ([\s\S]*)$/.exec(text)
  const code = status ? Number(status[1]) : null
  if (code === 14 && run.open?.readyAt() === undefined) {
    run.failure = connectionFailure(`gRPC connection to ${cfg.host}:${cfg.port} failed: ${status?.[2] ?? text}`)
    return null
  }
  if (code === 4) {
    run.failure = {
      kind: 'TIMEOUT',
      message: `gRPC deadline of ${cfg.timeoutS} s exceeded asking ${cfg.host}:${cfg.port} for its services (server reflection)`,
      code: 'DEADLINE_EXCEEDED',
      networkError: false,
    }
    return null
  }
  return { ok: false, error: `Server reflection failed: ${text}` }
}

export function grpcRunner(options: GrpcRunnerOptions = {}): CheckRunner {
  const egress = egressGuard(options.egress)
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const cfg = readConfig(spec, startedAt)
      if (typeof cfg === 'string') return earlyFailure('CONFIG', cfg, { startedAt, stoppedAt: ctx.now() })
      const run: GrpcRun = { start: performance.now(), discoveredMethods: null }
      await exchange(cfg, egress, run, ctx.signal)
      run.stopped = performance.now()
      const assertions = parseAssertions(asDoc(spec.doc.request).assertions)
      return grpcOutcome(cfg, run, assertions, { ...limits(spec.doc), startedAt, stoppedAt: ctx.now() })
    },
  }
}
