/** URL monitors: a GET with STATUS_CODE assertions and API-style timing phases. */
import { parseAssertions } from '../domain/assertions/index.js'
import type { CheckRunner, CheckRunSpec, RunContext, RunResult } from './contract.js'
import { asDoc, bool, ipFamily, limits, str } from './doc-fields.js'
import { buildRequest } from './http-body.js'
import type { EgressPolicy } from '../domain/egress.js'
import { egressGuard } from './egress-guard.js'
import { runHttpCheck } from './http-check.js'
import { interpolate } from './interpolate.js'
import { swapOrigin } from '../domain/runs/run-overrides.js'
import { earlyFailure } from './run-result.js'
import { randomUUID } from 'node:crypto'

export interface UrlRunnerOptions {
  /** Hard request timeout in ms (30 s unless a test needs less). */
  timeoutMs?: number
  /** Where requests may connect (EGRESS_POLICY); default open. */
  egress?: EgressPolicy
}

export function urlRunner(options: UrlRunnerOptions = {}): CheckRunner {
  const egress = egressGuard(options.egress)
  return {
    async run(spec: CheckRunSpec, ctx: RunContext): Promise<RunResult> {
      const startedAt = ctx.now()
      const r = asDoc(spec.doc.request)
      const target = interpolate(str(r.url), { variables: spec.variables, now: ctx.now(), uuid: randomUUID, random: Math.random })
      if (target.unresolved.length > 0) {
        const names = target.unresolved.map((n) => `{{${n}}}`).join(', ')
        return earlyFailure('CONFIG', `Unresolved variable ${names} in the URL`, { startedAt, stoppedAt: ctx.now() })
      }
      const url = spec.environmentUrl ? swapOrigin(target.text, spec.environmentUrl) : target.text
      const built = buildRequest({ method: 'GET', bodyType: 'NONE', body: '', headers: [], basicAuth: null })
      return runHttpCheck({
        request: {
          method: 'GET',
          url,
          headers: built.headers,
          followRedirects: bool(r.followRedirects, true),
          skipSSL: bool(r.skipSSL),
          ipFamily: ipFamily(r.ipFamily),
          ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
          ...(ctx.signal ? { signal: ctx.signal } : {}),
          egress,
          clientCertificates: spec.clientCertificates,
        },
        assertions: parseAssertions(r.assertions).filter((a) => a.source === 'STATUS_CODE'),
        ...limits(spec.doc),
        startedAt,
        now: () => ctx.now(),
        jobLog: [],
        storeBody: false,
        requestDetails: { method: 'GET', url },
      })
    },
  }
}
