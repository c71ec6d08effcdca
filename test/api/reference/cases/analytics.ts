/** Reference cases of analytics: one route per check type, the metric list and the batch of many checks. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'
import type { MonitoringFixtures } from '../../../helpers/monitoring-fixtures.js'

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

/** A realistic metric list per route. */
const METRICS: Record<string, string> = {
  'api-checks': 'availability,responseTime_avg,responseTime_p95,dns_avg',
  'url-monitors': 'availability,responseTime_p99,retries',
  'tcp-checks': 'availability,total_avg,connection_p95',
  dns: 'availability,total_p50',
  icmp: 'availability,latencyAvg_avg,packetLoss_max',
  ssl: 'availability,handshakeTimeMs_p95,daysUntilExpiry_min,tlsVersion_avg',
  'heartbeat-checks': 'availability,retries',
  'browser-checks': 'availability,responseTime_p95',
  'multistep-checks': 'availability,responseTime_avg',
  'playwright-checks': 'availability,responseTime_median',
}

export const analyticsCases: ReferenceCase<MonitoringFixtures>[] = [
  ...Object.entries(METRICS).map(([route, metrics]): ReferenceCase<MonitoringFixtures> => ({
    method: 'GET',
    path: `/v1/analytics/${route}/{id}`,
    url: (f) => `/v1/analytics/${route}/${f.checks[route] ?? ''}?metrics=${metrics}&quickRange=last24Hours`,
    status: 200,
  })),
  {
    method: 'GET',
    path: '/v1/analytics/api-checks/{id}',
    name: 'hourly by location',
    url: (f) => `/v1/analytics/api-checks/${f.apiCheckId}?metrics=responseTime_p95,availability&aggregationInterval=60&groupBy=runLocation`,
    status: 200,
  },
  { method: 'GET', path: '/v1/analytics/api-checks/{id}', name: 'an unknown check', url: () => `/v1/analytics/api-checks/${UNKNOWN}?metrics=availability`, status: 404 },
  { method: 'GET', path: '/v1/analytics/api-checks/{id}', name: 'no metrics', url: (f) => `/v1/analytics/api-checks/${f.apiCheckId}`, status: 400 },
  { method: 'GET', path: '/v1/analytics/metrics', url: () => '/v1/analytics/metrics?checkType=API', status: 200 },
  { method: 'GET', path: '/v1/analytics/metrics', name: 'an unknown type', url: () => '/v1/analytics/metrics?checkType=FAX', status: 400 },
  {
    method: 'POST',
    path: '/v1/analytics/checks',
    url: () => '/v1/analytics/checks?quickRange=last24Hours',
    body: (f) => ({ checkIds: Object.values(f.checks) }),
    status: 200,
  },
  { method: 'POST', path: '/v1/analytics/checks', name: 'no check ids', url: () => '/v1/analytics/checks', body: () => ({ checkIds: [] }), status: 400 },
  { method: 'POST', path: '/v1/analytics/checks', name: 'an id that is no UUID', url: () => '/v1/analytics/checks', body: () => ({ checkIds: ['orders'] }), status: 400 },
]
