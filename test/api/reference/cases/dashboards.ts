/** Reference cases of dashboards (addressed by their string dashboardId). */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

const dashboardUrl = (saved: Json) => `/v1/dashboards/${String(saved.dashboardId)}`

export const dashboardCases: ReferenceCase<unknown>[] = [
  {
    method: 'POST',
    path: '/v1/dashboards',
    url: () => '/v1/dashboards',
    body: () => ({ header: 'Acme status', description: 'Production services', customUrl: 'acme-status', tags: ['production'], refreshRate: 300, checksPerPage: 10 }),
    status: 201,
    save: (body, saved) => (saved.dashboardId = (body as Json).dashboardId),
  },
  {
    method: 'POST',
    path: '/v1/dashboards',
    name: 'a private one',
    url: () => '/v1/dashboards',
    body: () => ({ header: 'Internal', customUrl: 'acme-internal', isPrivate: true }),
    status: 201,
  },
  { method: 'POST', path: '/v1/dashboards', name: 'a taken subdomain', url: () => '/v1/dashboards', body: () => ({ header: 'Again', customUrl: 'acme-status' }), status: 409 },
  {
    method: 'POST',
    path: '/v1/dashboards',
    name: 'checks per page out of range',
    url: () => '/v1/dashboards',
    body: () => ({ header: 'Bad', customUrl: 'acme-bad', checksPerPage: 50 }),
    status: 400,
  },
  { method: 'GET', path: '/v1/dashboards', url: () => '/v1/dashboards?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/dashboards/{dashboardId}', url: (_, s) => dashboardUrl(s), status: 200 },
  { method: 'GET', path: '/v1/dashboards/{dashboardId}', name: 'by its customUrl', url: () => '/v1/dashboards/acme-status?type=customUrl', status: 200 },
  { method: 'GET', path: '/v1/dashboards/{dashboardId}', name: 'unknown id', url: () => '/v1/dashboards/no-such-dashboard', status: 404 },
  {
    method: 'PUT',
    path: '/v1/dashboards/{dashboardId}',
    url: (_, s) => dashboardUrl(s),
    body: () => ({ header: 'Acme status (all regions)', width: '960PX', showP99: false }),
    status: 200,
  },
  { method: 'PUT', path: '/v1/dashboards/{dashboardId}', name: 'a bad width', url: (_, s) => dashboardUrl(s), body: () => ({ width: 'HUGE' }), status: 400 },
  { method: 'PUT', path: '/v1/dashboards/{dashboardId}', name: 'unknown id', url: () => '/v1/dashboards/no-such-dashboard', body: () => ({ header: 'x' }), status: 404 },
  { method: 'DELETE', path: '/v1/dashboards/{dashboardId}', url: (_, s) => dashboardUrl(s), status: 204 },
]
