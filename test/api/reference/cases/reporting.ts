/** Reference cases of the report of every check over a window. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'
import type { MonitoringFixtures } from '../../../helpers/monitoring-fixtures.js'

export const reportingCases: ReferenceCase<MonitoringFixtures>[] = [
  { method: 'GET', path: '/v1/reporting', url: () => '/v1/reporting', status: 200 },
  {
    method: 'GET',
    path: '/v1/reporting',
    name: 'production checks over 7 days',
    url: () => '/v1/reporting?quickRange=last7Days&filterByTags=production&deactivated=true',
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/reporting',
    name: 'daily buckets in New York',
    url: () => '/v1/reporting?quickRange=last7Days&granularity=day&timezone=America/New_York',
    status: 200,
  },
]
