/**
 * API checks: setup scripts → {{VAR}} templating → request → teardown scripts → assertions →
 * verdict. Scripts run in the injected sandbox; a setup failure aborts the run, a teardown failure is recorded and
 * the assertions still run.
 */
import { randomUUID } from 'node:crypto'
import { parseAssertions } from '../domain/assertions/index.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, bool, ipFamily, keyValues, limits, str, type Doc } from './doc-fields.js'
import { buildRequest } from './http-body.js'
import type { EgressPolicy } from '../domain/egress.js'
import { egressGuard } from './egress-guard.js'
import { runHttpCheck } from './http-check.js'
import { interpolate, type InterpolationContext } from './interpolate.js'
import { swapOrigin } from '../domain/runs/run-overrides.js'
import { earlyFailure } from './run-result.js'
import type { ScriptRequest, ScriptResponse, ScriptSandbox } from './script-sandbox.js'

export interface ApiRunnerDeps {
  sandbox: ScriptSandbox
  /** Hard request timeout in ms (30 s unless a test needs less). */
  timeoutMs?: number
  uuid?: () => string
  random?: () => number
  /** Where requests may connect (EGRESS_POLICY); default open. */
  egress?: EgressPolicy
}

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/** The configured request in the shape scripts see. */
export function scriptRequestFrom(r: Doc): ScriptRequest {
  const entries = (v: unknown) => Object.fromEntries(keyValues(v).map((kv) => [kv.key, kv.value]))
  return { method: str(r.method, 'GET'), url: str(r.url), body: str(r.body), headers: entries(r.headers), queryParameters: entries(r.queryParameters) }
}

/** `url` with the query parameters appended; `{{VAR}}` in values is encoded once, like the literal text around it. */
function withQuery(url: string, params: Record<string, string>, ictx: InterpolationContext): string {
  const pairs = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${interpolate(v, ictx, { encodeLiteral: encodeURIComponent }).text}`)
  if (pairs.length === 0) return url
  const hash = url.indexOf('#')
  const head = hash === -1 ? url : url.slice(0, hash)
  const fragment = hash === -1 ? '' : url.slice(hash)
  return `${head}${head.includes('?') ? '&' : '?'}${pairs.join('&')}${fragment}`
}

const REDACTED = '********'

export function apiRunner(deps: ApiRunnerDeps): CheckRunner {
  type SetupResult = { ok: true; request: ScriptRequest; env: Record<string, string> } | { ok: false; error: string }
  const runSetup = async (spec: CheckRunSpec, request: ScriptRequest, env: Record<string, string>, jobLog: string[], signal?: AbortSignal): Promise<SetupResult> => {
    for (const [i, script] of spec.scripts.setup.entries()) {
      const out = await deps.sandbox.runSetup(script, { request, env }, signal).catch((err: unknown) => ({ ok: false as const, error: errorText(err), logs: [] }))
      jobLog.push(...out.logs)
      if (!out.ok) return { ok: false, error: `Setup script ${i + 1} failed: ${out.error}` }
      request = out.request
      env = out.env
    }
    return { ok: true, request, env }
  }

  const egress = egressGuard(deps.egress)
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const doc = spec.doc
      const r = asDoc(doc.request)
      const jobLog: string[] = []
      const setup = await runSetup(spec, scriptRequestFrom(r), { ...spec.variables }, jobLog, ctx.signal)
      if (!setup.ok) return earlyFailure('SETUP_SCRIPT', setup.error, { startedAt, stoppedAt: ctx.now(), jobLog })
      const { request, env } = setup
      const ictx: InterpolationContext = { variables: env, now: ctx.now(), uuid: deps.uuid ?? randomUUID, random: deps.random ?? Math.random }
      const target = interpolate(request.url, ictx)
      if (target.unresolved.length > 0) {
        const names = target.unresolved.map((n) => `{{${n}}}`).join(', ')
        return earlyFailure('CONFIG', `Unresolved variable${target.unresolved.length > 1 ? 's' : ''} ${names} in the request URL`, { startedAt, stoppedAt: ctx.now(), jobLog })
      }
      // A run against a deployment sends the request (as the setup script left it) to the deployment's origin.
      const url = withQuery(spec.environmentUrl ? swapOrigin(target.text, spec.environmentUrl) : target.text, request.queryParameters, ictx)
      ictx.requestUrl = url
      const headers = Object.entries(request.headers).map(([key, value]) => ({ key, value: interpolate(value, ictx).text }))
      const basic = r.basicAuth ? asDoc(r.basicAuth) : null
      const raw = (s: string) => interpolate(s, ictx, { encode: false }).text
      const built = buildRequest({
        method: request.method,
        bodyType: str(r.bodyType, 'NONE'),
        body: interpolate(request.body, ictx).text,
        headers,
        basicAuth: basic ? { username: raw(str(basic.username)), password: raw(str(basic.password)) } : null,
      })
      const locked = new Set(
        keyValues(r.headers)
          .filter((h) => h.locked)
          .map((h) => h.key.toLowerCase()),
      )
      const shownHeaders = Object.fromEntries(Object.entries(built.headers).map(([k, v]) => [k, k.toLowerCase() === 'authorization' || locked.has(k.toLowerCase()) ? REDACTED : v]))
      const finalRequest: ScriptRequest = { ...request, url, headers: built.headers, body: built.body?.toString('utf8') ?? '' }
      const teardown =
        spec.scripts.teardown.length === 0
          ? undefined
          : async (response: ScriptResponse) => {
              let current = response
              let error: string | null = null
              for (const [i, script] of spec.scripts.teardown.entries()) {
                const out = await deps.sandbox
                  .runTeardown(script, { request: finalRequest, response: current, env }, ctx.signal)
                  .catch((err: unknown) => ({ ok: false as const, error: errorText(err), logs: [] }))
                jobLog.push(...out.logs)
                if (out.ok) current = { ...current, body: out.response.body }
                else error ??= `script ${i + 1}: ${out.error}`
              }
              return { response: current, error }
            }
      return runHttpCheck({
        request: {
          method: request.method,
          url,
          headers: built.headers,
          body: built.body,
          followRedirects: bool(r.followRedirects, true),
          skipSSL: bool(r.skipSSL),
          ipFamily: ipFamily(r.ipFamily),
          ...(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
          ...(ctx.signal ? { signal: ctx.signal } : {}),
          egress,
          clientCertificates: spec.clientCertificates,
        },
        assertions: parseAssertions(r.assertions),
        ...limits(doc),
        startedAt,
        now: () => ctx.now(),
        jobLog,
        storeBody: true,
        requestDetails: { method: request.method, url, headers: shownHeaders, body: finalRequest.body.slice(0, 64 * 1024) },
        ...(teardown ? { teardown } : {}),
      })
    },
  }
}
