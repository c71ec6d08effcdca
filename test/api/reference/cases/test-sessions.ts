/**
 * Reference cases of check sessions, triggers, test sessions, their error groups and deployment triggers. The
 * fixtures hold sessions that already ran (one passing and one failing API check against a local target), so that
 * completion, results and error groups have something to show; the cases trigger new ones beside them.
 */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

export interface SessionFixtures {
  passingCheckId: string
  failingCheckId: string
  groupId: number
  /** A check session that finished (its run passed). */
  doneCheckSessionId: string
  /** A test session that finished (one run failed). */
  doneTestSessionId: string
  /** Its failing result. */
  failedResultId: string
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const first = (body: unknown): Json => ((body as { sessions: Json[] }).sessions[0] ?? {}) as Json

export const checkSessionCases: ReferenceCase<SessionFixtures>[] = [
  {
    method: 'POST',
    path: '/v1/check-sessions/trigger',
    url: () => '/v1/check-sessions/trigger',
    body: (f) => ({ target: { checkId: [f.passingCheckId] } }),
    status: 201,
    save: (body, saved) => (saved.pendingCheckSessionId = first(body).checkSessionId),
  },
  {
    method: 'POST',
    path: '/v1/check-sessions/trigger',
    name: 'nothing matches',
    url: () => '/v1/check-sessions/trigger',
    body: () => ({ target: { matchTags: [['no-check-has-this-tag']] } }),
    status: 404,
  },
  { method: 'GET', path: '/v1/check-sessions/{checkSessionId}', url: (f) => `/v1/check-sessions/${f.doneCheckSessionId}`, status: 200 },
  { method: 'GET', path: '/v1/check-sessions/{checkSessionId}', name: 'unknown', url: () => `/v1/check-sessions/${UNKNOWN}`, status: 404 },
  {
    method: 'GET',
    path: '/v1/check-sessions/{checkSessionId}/completion',
    url: (f) => `/v1/check-sessions/${f.doneCheckSessionId}/completion?maxWaitSeconds=1`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/check-sessions/{checkSessionId}/completion',
    name: 'still running',
    url: (_, s) => `/v1/check-sessions/${String(s.pendingCheckSessionId)}/completion?maxWaitSeconds=1`,
    status: 408,
  },
  {
    method: 'POST',
    path: '/v1/check-sessions/{checkSessionId}/cancel',
    url: (_, s) => `/v1/check-sessions/${String(s.pendingCheckSessionId)}/cancel`,
    body: () => ({}),
    status: 204,
  },
  { method: 'POST', path: '/v1/check-sessions/{checkSessionId}/cancel', name: 'unknown', url: () => `/v1/check-sessions/${UNKNOWN}/cancel`, body: () => ({}), status: 404 },
  {
    method: 'POST',
    path: '/v2/check-sessions/trigger',
    url: () => '/v2/check-sessions/trigger',
    body: () => ({ target: { matchTags: [['smoke']] } }),
    status: 201,
  },
  { method: 'POST', path: '/v2/check-sessions/trigger', name: 'no target', url: () => '/v2/check-sessions/trigger', body: () => ({ target: {} }), status: 400 },
  { method: 'GET', path: '/v2/check-sessions/{checkSessionId}', url: (f) => `/v2/check-sessions/${f.doneCheckSessionId}`, status: 200 },
  { method: 'GET', path: '/v2/check-sessions/{checkSessionId}', name: 'unknown', url: () => `/v2/check-sessions/${UNKNOWN}`, status: 404 },
  {
    method: 'GET',
    path: '/v2/check-sessions/{checkSessionId}/completion',
    url: (f) => `/v2/check-sessions/${f.doneCheckSessionId}/completion?maxWaitSeconds=1`,
    status: 200,
  },
]

export const triggerCases: ReferenceCase<SessionFixtures>[] = [
  { method: 'POST', path: '/v1/triggers/checks/{checkId}', url: (f) => `/v1/triggers/checks/${f.passingCheckId}`, status: 201 },
  { method: 'GET', path: '/v1/triggers/checks/{checkId}', url: (f) => `/v1/triggers/checks/${f.passingCheckId}`, status: 200 },
  { method: 'DELETE', path: '/v1/triggers/checks/{checkId}', url: (f) => `/v1/triggers/checks/${f.passingCheckId}`, status: 204 },
  { method: 'POST', path: '/v1/triggers/check-groups/{groupId}', url: (f) => `/v1/triggers/check-groups/${f.groupId}`, status: 201 },
  { method: 'GET', path: '/v1/triggers/check-groups/{groupId}', url: (f) => `/v1/triggers/check-groups/${f.groupId}`, status: 200 },
  { method: 'DELETE', path: '/v1/triggers/check-groups/{groupId}', url: (f) => `/v1/triggers/check-groups/${f.groupId}`, status: 204 },
]

export const testSessionCases: ReferenceCase<SessionFixtures>[] = [
  {
    method: 'POST',
    path: '/v1/test-sessions/trigger',
    url: () => '/v1/test-sessions/trigger',
    body: () => ({
      name: 'Release 2.4 smoke',
      runLocation: 'eu-west-1',
      target: { matchTags: [['smoke']], allowDeactivated: true },
      metadata: { environment: 'staging', branchName: 'release/2.4', commitId: '9f1c2e7', commitOwner: 'dana', repoUrl: 'https://github.com/acme/shop' },
    }),
    status: 201,
    save: (body, saved) => (saved.pendingTestSessionId = (body as Json).testSessionId),
  },
  { method: 'POST', path: '/v1/test-sessions/trigger', name: 'no name', url: () => '/v1/test-sessions/trigger', body: () => ({ runLocation: 'eu-west-1' }), status: 400 },
  {
    method: 'POST',
    path: '/v1/test-sessions/trigger',
    name: 'nothing matches',
    url: () => '/v1/test-sessions/trigger',
    body: () => ({ name: 'nothing', runLocation: 'eu-west-1', target: { matchTags: [['no-check-has-this-tag']] } }),
    status: 404,
  },
  { method: 'GET', path: '/v1/test-sessions', url: () => '/v1/test-sessions?limit=20', status: 200 },
  { method: 'GET', path: '/v1/test-sessions/{testSessionId}', url: (f) => `/v1/test-sessions/${f.doneTestSessionId}`, status: 200 },
  { method: 'GET', path: '/v1/test-sessions/{testSessionId}', name: 'unknown', url: () => `/v1/test-sessions/${UNKNOWN}`, status: 404 },
  {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}/completion',
    url: (f) => `/v1/test-sessions/${f.doneTestSessionId}/completion?maxWaitSeconds=1`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}/completion',
    name: 'still running',
    url: (_, s) => `/v1/test-sessions/${String(s.pendingTestSessionId)}/completion?maxWaitSeconds=1`,
    status: 408,
  },
  {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}/results/{testSessionResultId}',
    url: (f) => `/v1/test-sessions/${f.doneTestSessionId}/results/${f.failedResultId}`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}/results/{testSessionResultId}',
    name: 'unknown result',
    url: (f) => `/v1/test-sessions/${f.doneTestSessionId}/results/${UNKNOWN}`,
    status: 404,
  },
  {
    method: 'GET',
    path: '/v1/test-sessions/{testSessionId}/results/{testSessionResultId}/assets',
    url: (f) => `/v1/test-sessions/${f.doneTestSessionId}/results/${f.failedResultId}/assets?type=log&type=trace`,
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/test-sessions/{testSessionId}/cancel',
    url: (_, s) => `/v1/test-sessions/${String(s.pendingTestSessionId)}/cancel`,
    body: () => ({}),
    status: 204,
  },
  { method: 'POST', path: '/v1/test-sessions/{testSessionId}/cancel', name: 'unknown', url: () => `/v1/test-sessions/${UNKNOWN}/cancel`, body: () => ({}), status: 404 },
]

export const testSessionErrorGroupCases: ReferenceCase<SessionFixtures>[] = [
  {
    method: 'GET',
    path: '/v1/test-session-error-groups',
    url: () => '/v1/test-session-error-groups?limit=10&page=1',
    status: 200,
    save: (body, saved) => (saved.errorGroupId = ((body as Json[])[0] ?? {}).id),
  },
  { method: 'GET', path: '/v1/test-session-error-groups/projects/{projectId}', url: () => `/v1/test-session-error-groups/projects/${UNKNOWN}`, status: 200 },
  { method: 'GET', path: '/v1/test-session-error-groups/{id}', url: (_, s) => `/v1/test-session-error-groups/${String(s.errorGroupId)}`, status: 200 },
  { method: 'GET', path: '/v1/test-session-error-groups/{id}', name: 'unknown', url: () => `/v1/test-session-error-groups/${UNKNOWN}`, status: 404 },
  {
    method: 'PATCH',
    path: '/v1/test-session-error-groups/{id}',
    url: (_, s) => `/v1/test-session-error-groups/${String(s.errorGroupId)}`,
    body: () => ({ archivedUntilNextEvent: true }),
    status: 200,
  },
  {
    method: 'PATCH',
    path: '/v1/test-session-error-groups/{id}',
    name: 'empty body',
    url: (_, s) => `/v1/test-session-error-groups/${String(s.errorGroupId)}`,
    body: () => ({}),
    status: 400,
  },
]

export const deploymentTriggerCases: ReferenceCase<SessionFixtures>[] = [
  {
    method: 'POST',
    path: '/v1/deployment-triggers',
    url: () => '/v1/deployment-triggers',
    body: (f) => ({ checkId: f.passingCheckId, repoId: 48213, repoName: 'acme/shop', repoLink: 'https://github.com/acme/shop', environmentRegexFilter: '^production$' }),
    status: 201,
  },
  {
    method: 'POST',
    path: '/v1/deployment-triggers',
    name: 'the same again',
    url: () => '/v1/deployment-triggers',
    body: (f) => ({ checkId: f.passingCheckId, repoId: 48213, repoName: 'acme/shop', runLocation: 'eu-west-1' }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/deployment-triggers',
    name: 'unknown group',
    url: () => '/v1/deployment-triggers',
    body: () => ({ groupId: 999999, repoId: 1, repoName: 'x/y' }),
    status: 404,
  },
  { method: 'GET', path: '/v1/deployment-triggers', url: () => '/v1/deployment-triggers', status: 200 },
]
