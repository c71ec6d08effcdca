/**
 * Reference cases of root-cause analyses: asked for a check's error group and for a test-session error group (202,
 * PENDING), and read back: 200 once completed, 202 while pending, 404 for an unknown one. The analyses read back
 * are settled fixtures, so that no case depends on how fast the model answers.
 */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

export interface RcaFixtures {
  errorGroupId: string
  testSessionErrorGroupId: string
  completedId: string
  pendingId: string
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

export const rootCauseAnalysisCases: ReferenceCase<RcaFixtures>[] = [
  {
    method: 'POST',
    path: '/v1/root-cause-analyses/error-groups/{errorGroupId}',
    url: (f) => `/v1/root-cause-analyses/error-groups/${f.errorGroupId}`,
    body: () => ({ userContext: 'We moved the database yesterday' }),
    status: 202,
  },
  {
    method: 'POST',
    path: '/v1/root-cause-analyses/error-groups/{errorGroupId}',
    name: 'no body',
    url: (f) => `/v1/root-cause-analyses/error-groups/${f.errorGroupId}`,
    status: 202,
  },
  {
    method: 'POST',
    path: '/v1/root-cause-analyses/error-groups/{errorGroupId}',
    name: 'an unknown group',
    url: () => `/v1/root-cause-analyses/error-groups/${UNKNOWN}`,
    body: () => ({}),
    status: 404,
  },
  {
    method: 'POST',
    path: '/v1/root-cause-analyses/test-session-error-groups/{testSessionErrorGroupId}',
    url: (f) => `/v1/root-cause-analyses/test-session-error-groups/${f.testSessionErrorGroupId}`,
    body: () => ({ userContext: null }),
    status: 202,
  },
  {
    method: 'POST',
    path: '/v1/root-cause-analyses/test-session-error-groups/{testSessionErrorGroupId}',
    name: 'an unknown group',
    url: () => `/v1/root-cause-analyses/test-session-error-groups/${UNKNOWN}`,
    body: () => ({}),
    status: 404,
  },
  { method: 'GET', path: '/v1/root-cause-analyses/{id}', name: 'completed', url: (f) => `/v1/root-cause-analyses/${f.completedId}`, status: 200 },
  { method: 'GET', path: '/v1/root-cause-analyses/{id}', name: 'pending', url: (f) => `/v1/root-cause-analyses/${f.pendingId}`, status: 202 },
  { method: 'GET', path: '/v1/root-cause-analyses/{id}', name: 'unknown', url: () => `/v1/root-cause-analyses/${UNKNOWN}`, status: 404 },
]
