/**
 * Reference cases of heartbeats, check statuses, check alerts and badges. They read what the fixtures recorded: a
 * heartbeat check in a group that got pings and a /fail signal (events, results, a status and an alert).
 */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

export interface MonitoredFixtures {
  heartbeatId: string
  eventId: string
  groupId: number
}

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const unix = (ms: number) => String(Math.floor(ms / 1000))

export const heartbeatsCases: ReferenceCase<MonitoredFixtures>[] = [
  { method: 'GET', path: '/v1/checks/heartbeats/{checkId}/availability', url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/availability`, status: 200 },
  {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/availability',
    name: 'a window without outcomes',
    url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/availability?startTime=2020-01-01&endTime=2020-01-02`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/availability',
    name: 'unreadable start',
    url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/availability?startTime=yesterday`,
    status: 400,
  },
  { method: 'GET', path: '/v1/checks/heartbeats/{checkId}/availability', name: 'unknown', url: () => `/v1/checks/heartbeats/${UNKNOWN_ID}/availability`, status: 404 },
  { method: 'GET', path: '/v1/checks/heartbeats/{checkId}/events', url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/events?limit=10`, status: 200 },
  {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events',
    name: 'a window',
    url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/events?startTime=${unix(Date.now() - 3_600_000)}&endTime=${unix(Date.now() + 60_000)}`,
    status: 200,
  },
  { method: 'GET', path: '/v1/checks/heartbeats/{checkId}/events', name: 'limit over 10', url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/events?limit=50`, status: 400 },
  { method: 'GET', path: '/v1/checks/heartbeats/{checkId}/events', name: 'unknown', url: () => `/v1/checks/heartbeats/${UNKNOWN_ID}/events`, status: 404 },
  { method: 'GET', path: '/v1/checks/heartbeats/{checkId}/events/{id}', url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/events/${f.eventId}`, status: 200 },
  {
    method: 'GET',
    path: '/v1/checks/heartbeats/{checkId}/events/{id}',
    name: 'unknown',
    url: (f) => `/v1/checks/heartbeats/${f.heartbeatId}/events/${UNKNOWN_ID}`,
    status: 404,
  },
]

export const checkStatusCases: ReferenceCase<MonitoredFixtures>[] = [
  { method: 'GET', path: '/v1/check-statuses', url: () => '/v1/check-statuses', status: 200 },
  { method: 'GET', path: '/v1/check-statuses/{checkId}', url: (f) => `/v1/check-statuses/${f.heartbeatId}`, status: 200 },
  { method: 'GET', path: '/v1/check-statuses/{checkId}', name: 'unknown', url: () => `/v1/check-statuses/${UNKNOWN_ID}`, status: 404 },
  { method: 'GET', path: '/v1/check-alerts', url: () => '/v1/check-alerts?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/check-alerts', name: 'bad limit', url: () => '/v1/check-alerts?limit=0', status: 400 },
  { method: 'GET', path: '/v1/check-alerts/{checkId}', url: (f) => `/v1/check-alerts/${f.heartbeatId}?from=${unix(Date.now() - 3_600_000)}`, status: 200 },
  { method: 'GET', path: '/v1/check-alerts/{checkId}', name: 'unknown', url: () => `/v1/check-alerts/${UNKNOWN_ID}`, status: 404 },
  { method: 'GET', path: '/v1/badges/checks/{checkId}', url: (f) => `/v1/badges/checks/${f.heartbeatId}`, status: 200 },
  {
    method: 'GET',
    path: '/v1/badges/checks/{checkId}',
    name: 'response time, badge style',
    url: (f) => `/v1/badges/checks/${f.heartbeatId}?style=for-the-badge&responseTime=true`,
    status: 200,
  },
  { method: 'GET', path: '/v1/badges/checks/{checkId}', name: 'unknown style', url: (f) => `/v1/badges/checks/${f.heartbeatId}?style=neon`, status: 400 },
  { method: 'GET', path: '/v1/badges/groups/{groupId}', url: (f) => `/v1/badges/groups/${f.groupId}?theme=dark`, status: 200 },
]
