/**
 * Reference cases of status pages, their services, incidents (also through the dashboard incident routes
 * /v1/incidents, which share the same records) and subscriptions.
 */
import { firstEntry, type ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

export interface StatusPageFixtures {
  /** A dashboard of the account (its numeric id), for /v1/incidents. */
  dashboardId: number
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const id = (saved: Record<string, unknown>, key: string) => String(saved[key])
const SP = '/v1/status-pages'

export const statusPageCases: ReferenceCase<StatusPageFixtures>[] = [
  {
    method: 'POST',
    path: '/v1/status-pages/services',
    url: () => `${SP}/services`,
    body: () => ({ name: 'Public API' }),
    status: 200,
    save: (body, saved) => (saved.serviceId = (body as Json).id),
  },
  { method: 'GET', path: '/v1/status-pages/services', url: () => `${SP}/services?limit=20`, status: 200 },
  { method: 'GET', path: '/v1/status-pages/services/{serviceId}', url: (_, s) => `${SP}/services/${id(s, 'serviceId')}`, status: 200 },
  { method: 'GET', path: '/v1/status-pages/services/{serviceId}', name: 'unknown id', url: () => `${SP}/services/${UNKNOWN}`, status: 404 },
  {
    method: 'PUT',
    path: '/v1/status-pages/services/{serviceId}',
    url: (_, s) => `${SP}/services/${id(s, 'serviceId')}`,
    body: () => ({ name: 'Public REST API' }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/status-pages',
    url: () => SP,
    body: (_, s) => ({
      name: 'Acme status',
      url: `acme-ref-${Date.now().toString(36)}`,
      description: 'Live status of Acme services',
      defaultTheme: 'AUTO',
      cards: [{ name: 'Core', services: [{ id: s.serviceId }] }],
    }),
    status: 201,
    save: (body, saved) => (saved.statusPageId = (body as Json).id),
  },
  { method: 'GET', path: '/v1/status-pages', url: () => `${SP}?limit=20`, status: 200 },
  { method: 'GET', path: '/v1/status-pages/{statusPageId}', url: (_, s) => `${SP}/${id(s, 'statusPageId')}`, status: 200 },
  { method: 'GET', path: '/v1/status-pages/{statusPageId}', name: 'unknown id', url: () => `${SP}/${UNKNOWN}`, status: 404 },
  {
    method: 'PUT',
    path: '/v1/status-pages/{statusPageId}',
    url: (_, s) => `${SP}/${id(s, 'statusPageId')}`,
    body: (_, s) => ({ name: 'Acme status page', cards: [{ name: 'Core services', services: [s.serviceId] }] }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/status-pages/{statusPageId}/subscriptions/bulk',
    url: (_, s) => `${SP}/${id(s, 'statusPageId')}/subscriptions/bulk`,
    body: () => ({
      subscriptions: [
        { type: 'EMAIL', config: 'ops@example.com' },
        { type: 'EMAIL', config: 'cto@example.com' },
      ],
      autoVerify: true,
    }),
    status: 201,
  },
  {
    method: 'GET',
    path: '/v1/status-pages/{statusPageId}/subscriptions',
    url: (_, s) => `${SP}/${id(s, 'statusPageId')}/subscriptions`,
    status: 200,
    save: (body, saved) => (saved.subscriptionId = firstEntry(body).id),
  },
  {
    method: 'DELETE',
    path: '/v1/status-pages/{statusPageId}/subscriptions/{subscriptionId}',
    url: (_, s) => `${SP}/${id(s, 'statusPageId')}/subscriptions/${id(s, 'subscriptionId')}`,
    status: 204,
  },
  {
    method: 'POST',
    path: '/v1/status-pages/incidents',
    url: () => `${SP}/incidents`,
    body: (_, s) => ({
      name: 'Elevated API error rates',
      severity: 'MAJOR',
      services: [{ id: s.serviceId }],
      incidentUpdates: [{ description: 'We are investigating elevated error rates.', status: 'INVESTIGATING', notifySubscribers: false }],
    }),
    status: 201,
    save: (body, saved) => (saved.incidentId = (body as Json).id),
  },
  { method: 'GET', path: '/v1/status-pages/incidents', url: () => `${SP}/incidents?limit=20`, status: 200 },
  { method: 'GET', path: '/v1/status-pages/incidents/{incidentId}', url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}`, status: 200 },
  { method: 'GET', path: '/v1/status-pages/incidents/{incidentId}', name: 'unknown id', url: () => `${SP}/incidents/${UNKNOWN}`, status: 404 },
  {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}',
    url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}`,
    body: (_, s) => ({ name: 'Elevated API error rates in EU', severity: 'CRITICAL', services: [s.serviceId] }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}/incident-updates`,
    body: () => ({ description: 'A faulty deploy was rolled back.', status: 'IDENTIFIED', notifySubscribers: false }),
    status: 200,
    save: (body, saved) => (saved.incidentUpdateId = (body as Json).id),
  },
  {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates',
    url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}/incident-updates`,
    status: 200,
  },
  {
    method: 'GET',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}/incident-updates/${id(s, 'incidentUpdateId')}`,
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}/incident-updates/${id(s, 'incidentUpdateId')}`,
    body: () => ({ description: 'A faulty deploy was identified and rolled back.', status: 'IDENTIFIED' }),
    status: 200,
  },
  {
    method: 'DELETE',
    path: '/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}',
    url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}/incident-updates/${id(s, 'incidentUpdateId')}`,
    status: 204,
  },
  {
    method: 'POST',
    path: '/v1/incidents',
    url: () => '/v1/incidents',
    body: (f) => ({
      name: 'Checkout outage',
      impact: 'MAJOR',
      dashboardId: f.dashboardId,
      incidentUpdates: [{ status: 'INVESTIGATING', description: 'Payments fail in all regions.' }],
    }),
    status: 200,
    save: (body, saved) => (saved.v1IncidentId = (body as Json).id),
  },
  { method: 'GET', path: '/v1/incidents/{id}', url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}?includeAllIncidentUpdates=true`, status: 200 },
  { method: 'GET', path: '/v1/incidents/{id}', name: 'unknown id', url: () => `/v1/incidents/${UNKNOWN}`, status: 404 },
  {
    method: 'PUT',
    path: '/v1/incidents/{id}',
    url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}`,
    body: () => ({ name: 'Checkout outage (EU)', impact: 'MINOR', startedAt: '2026-01-05T10:00:00.000Z', stoppedAt: null }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/incidents/{incidentId}/updates',
    url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}/updates`,
    body: () => ({ status: 'MONITORING', description: 'A fix is deployed; we are watching error rates.' }),
    status: 201,
    save: (body, saved) => (saved.v1UpdateId = (body as Json).id),
  },
  {
    method: 'POST',
    path: '/v1/incidents/{incidentId}/updates',
    name: 'bad status',
    url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}/updates`,
    body: () => ({ status: 'FIXED', description: 'Done.' }),
    status: 400,
  },
  {
    method: 'PUT',
    path: '/v1/incidents/{incidentId}/updates/{id}',
    url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}/updates/${id(s, 'v1UpdateId')}`,
    body: () => ({ description: 'A fix is deployed to every region; we are watching error rates.' }),
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v1/incidents/{incidentId}/updates/{id}',
    name: 'unknown update',
    url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}/updates/${UNKNOWN}`,
    body: () => ({ description: 'Nothing here.' }),
    status: 404,
  },
  {
    method: 'DELETE',
    path: '/v1/incidents/{incidentId}/updates/{id}',
    url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}/updates/${id(s, 'v1UpdateId')}`,
    status: 204,
  },
  { method: 'DELETE', path: '/v1/incidents/{id}', url: (_, s) => `/v1/incidents/${id(s, 'v1IncidentId')}`, status: 204 },
  { method: 'DELETE', path: '/v1/status-pages/incidents/{incidentId}', url: (_, s) => `${SP}/incidents/${id(s, 'incidentId')}`, status: 204 },
  { method: 'DELETE', path: '/v1/status-pages/{statusPageId}', url: (_, s) => `${SP}/${id(s, 'statusPageId')}`, status: 204 },
  { method: 'DELETE', path: '/v1/status-pages/services/{serviceId}', url: (_, s) => `${SP}/services/${id(s, 'serviceId')}`, status: 204 },
]
