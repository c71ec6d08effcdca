/**
 * The part API and URL checks share: make the request, let teardown scripts see the response, evaluate the
 * assertions, classify, and assemble the result with the response details.
 */
import { evaluateAssertions, type Assertion } from '../domain/assertions/index.js'
import { classifyRun } from '../domain/results/classify.js'
import type { RunResult } from './contract.js'
import { decodedBody, storedBody } from './http-body.js'
import { performHttpRequest, type HttpRequestInput } from './http-request.js'
import { buildRunResult } from './run-result.js'
import type { ScriptResponse } from './script-sandbox.js'

export interface HttpCheckPlan {
  request: HttpRequestInput
  assertions: Assertion[]
  degradedResponseTime: number | null
  maxResponseTime: number | null
  shouldFail: boolean
  startedAt: number
  now: () => number
  jobLog: string[]
  /** Keep the (bounded) response body in the result. */
  storeBody: boolean
  /** What the result shows of the request (secrets redacted). */
  requestDetails: Record<string, unknown>
  /** Teardown scripts: may replace the body; an error is recorded and the assertions still run. */
  teardown?: (response: ScriptResponse) => Promise<{ response: ScriptResponse; error: string | null }>
}

export async function runHttpCheck(plan: HttpCheckPlan): Promise<RunResult> {
  const exchange = await performHttpRequest(plan.request)
  // Teardown scripts append to the same log, so it is shared rather than copied.
  const jobLog = plan.jobLog
  jobLog.push(...exchange.log)
  const limits = { degradedResponseTime: plan.degradedResponseTime, maxResponseTime: plan.maxResponseTime, shouldFail: plan.shouldFail }
  const res = exchange.response
  const base = { startedAt: plan.startedAt, responseTime: exchange.responseTime, timingPhases: exchange.timingPhases }
  if (exchange.error || !res) {
    const error = exchange.error ?? { kind: 'INTERNAL' as const, message: 'No response', networkError: false }
    jobLog.push(`Request failed: ${error.message}`)
    const c = classifyRun({ mode: 'http', error, assertions: [], responseTime: exchange.responseTime, ...limits })
    const details = { request: plan.requestDetails, response: null, requestError: error.message, redirects: exchange.redirects }
    return buildRunResult(c, { ...base, stoppedAt: plan.now(), assertions: [], details, jobLog })
  }
  const decoded = decodedBody(res)
  let response: ScriptResponse = {
    statusCode: res.status,
    statusText: res.statusText,
    body: decoded.toString('utf8'),
    headers: res.headers,
    timings: exchange.timings,
    timingPhases: exchange.timingPhases,
  }
  let teardownError: string | null = null
  if (plan.teardown) {
    const out = await plan.teardown(response)
    response = out.response
    teardownError = out.error
  }
  const subject = { kind: 'http' as const, status: res.status, headers: res.headers, body: response.body, responseTime: exchange.responseTime }
  const assertions = evaluateAssertions(subject, plan.assertions)
  const c = classifyRun({
    mode: 'http',
    teardownError,
    assertions,
    responseTime: exchange.responseTime,
    ...limits,
    httpStatus: res.status,
    httpStatusText: res.statusText,
  })
  const keepBinary = plan.assertions.some((a) => a.source === 'TEXT_BODY')
  const finalBody = response.body === decoded.toString('utf8') ? decoded : Buffer.from(response.body, 'utf8')
  const stored = plan.storeBody ? storedBody(res, finalBody, keepBinary) : { body: '', bodyTruncated: false, bodyScrubbed: false }
  const details = {
    request: plan.requestDetails,
    response: {
      url: res.url,
      status: res.status,
      statusText: res.statusText,
      httpVersion: res.httpVersion,
      remoteAddress: res.remoteAddress,
      headers: res.headers,
      ...stored,
      bodySize: res.body.length,
      timings: response.timings,
      timingPhases: exchange.timingPhases,
    },
    redirects: exchange.redirects,
  }
  return buildRunResult(c, { ...base, stoppedAt: plan.now(), assertions, details, jobLog })
}
