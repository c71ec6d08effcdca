/** Reference cases of error groups: the account's, a check's, one group and archiving it. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'
import type { MonitoringFixtures } from '../../../helpers/monitoring-fixtures.js'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

export const errorGroupCases: ReferenceCase<MonitoringFixtures>[] = [
  { method: 'GET', path: '/v1/error-groups', url: () => '/v1/error-groups?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/error-groups/checks/{checkId}', url: (f) => `/v1/error-groups/checks/${f.apiCheckId}?limit=10&page=1`, status: 200 },
  { method: 'GET', path: '/v1/error-groups/{id}', url: (f) => `/v1/error-groups/${f.errorGroupId}`, status: 200 },
  { method: 'GET', path: '/v1/error-groups/{id}', name: 'an unknown group', url: () => `/v1/error-groups/${UNKNOWN}`, status: 404 },
  { method: 'PATCH', path: '/v1/error-groups/{id}', url: (f) => `/v1/error-groups/${f.errorGroupId}`, body: () => ({ archivedUntilNextEvent: true }), status: 200 },
  { method: 'PATCH', path: '/v1/error-groups/{id}', name: 'an unknown group', url: () => `/v1/error-groups/${UNKNOWN}`, body: () => ({ archiveForEver: true }), status: 404 },
]
