/** Reference cases of check results: the v1 pages, the v2 cursor list, one result and its asset manifest. */
import { expect } from 'vitest'
import type { ReferenceCase } from '../../../helpers/reference-cases.js'
import type { MonitoringFixtures } from '../../../helpers/monitoring-fixtures.js'

type Json = Record<string, unknown>
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

export const checkResultCases: ReferenceCase<MonitoringFixtures>[] = [
  { method: 'GET', path: '/v1/check-results/{checkId}', url: (f) => `/v1/check-results/${f.apiCheckId}?limit=5&page=1`, status: 200 },
  {
    method: 'GET',
    path: '/v1/check-results/{checkId}',
    name: 'failures from one location',
    url: (f) => `/v1/check-results/${f.apiCheckId}?hasFailures=true&location=us-east-1&resultType=FINAL&checkType=API`,
    status: 200,
  },
  { method: 'GET', path: '/v1/check-results/{checkId}', name: 'a limit over 100', url: (f) => `/v1/check-results/${f.apiCheckId}?limit=101`, status: 400 },
  {
    method: 'GET',
    path: '/v2/check-results/{checkId}',
    url: (f) => `/v2/check-results/${f.apiCheckId}?limit=4`,
    status: 200,
    save: (body, saved) => (saved.nextId = (body as Json).nextId),
  },
  { method: 'GET', path: '/v2/check-results/{checkId}', name: 'the next page', url: (f, s) => `/v2/check-results/${f.apiCheckId}?limit=4&nextId=${String(s.nextId)}`, status: 200 },
  {
    method: 'GET',
    path: '/v2/check-results/{checkId}',
    name: 'some fields only',
    url: (f) => `/v2/check-results/${f.apiCheckId}?limit=3&fields=id,startedAt,responseTime,resultType,traceId`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v2/check-results/{checkId}',
    name: 'a window in fractional UNIX seconds, attempts too',
    url: (f) => `/v2/check-results/${f.apiCheckId}?from=1780000000.5&to=1790000000.25&resultType=ALL&location=eu-west-1`,
    status: 200,
  },
  { method: 'GET', path: '/v2/check-results/{checkId}', name: 'a cursor it never gave', url: (f) => `/v2/check-results/${f.apiCheckId}?nextId=bm9wZQ`, status: 400 },
  {
    method: 'GET',
    path: '/v1/check-results/{checkId}/{checkResultId}',
    url: (f) => `/v1/check-results/${f.apiCheckId}/${f.apiResultIds[0] ?? ''}`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/check-results/{checkId}/{checkResultId}',
    name: 'a run that got no response',
    url: (f) => `/v1/check-results/${f.apiCheckId}/${f.apiResultIds[11] ?? ''}`,
    status: 200,
    // The answer validated; its response must also say that nothing came back.
    save: (body) => expect((body as { apiCheckResult: { response: Json } }).apiCheckResult.response).toMatchObject({ status: 0 }),
  },
  { method: 'GET', path: '/v1/check-results/{checkId}/{checkResultId}', name: 'an unknown result', url: (f) => `/v1/check-results/${f.apiCheckId}/${UNKNOWN}`, status: 404 },
  {
    method: 'GET',
    path: '/v1/check-results/{checkId}/{checkResultId}/assets',
    url: (f) => `/v1/check-results/${f.apiCheckId}/${f.apiResultIds[0] ?? ''}/assets`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/check-results/{checkId}/{checkResultId}/assets',
    name: 'an unknown result',
    url: (f) => `/v1/check-results/${f.apiCheckId}/${UNKNOWN}/assets`,
    status: 404,
  },
]
