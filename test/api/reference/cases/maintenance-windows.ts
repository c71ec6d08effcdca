/** Reference cases of maintenance windows, their maintenances (occurrences) and the status updates on them. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

const windowUrl = (saved: Json) => `/v1/maintenance-windows/${String(saved.windowId)}`
const maintenanceUrl = (saved: Json) => `${windowUrl(saved)}/maintenances/${String(saved.maintenanceId)}`
const updateUrl = (saved: Json) => `${maintenanceUrl(saved)}/updates/${String(saved.updateId)}`
const MISSING = '00000000-0000-4000-8000-000000000000'
const DAY = 86_400_000
const day = (offset: number) => new Date(Math.floor(Date.now() / DAY) * DAY + offset * DAY).toISOString()

export const maintenanceWindowCases: ReferenceCase<unknown>[] = [
  {
    method: 'POST',
    path: '/v1/maintenance-windows',
    url: () => '/v1/maintenance-windows',
    // A nightly window begun two days ago: two occurrences are past or on, the next one is to come.
    body: () => ({
      name: 'Nightly database upgrade',
      description: 'Minor version upgrade of the primary database.',
      tags: ['database'],
      startsAt: day(-2),
      endsAt: new Date(Date.parse(day(-2)) + 2 * 3600_000).toISOString(),
      repeatInterval: 1,
      repeatUnit: 'DAY',
    }),
    status: 201,
    save: (body, saved) => (saved.windowId = (body as Json).id),
  },
  { method: 'GET', path: '/v1/maintenance-windows', url: () => '/v1/maintenance-windows?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/maintenance-windows/{id}', url: (_, s) => windowUrl(s), status: 200 },
  { method: 'GET', path: '/v1/maintenance-windows/{id}', name: 'unknown id', url: () => '/v1/maintenance-windows/987654', status: 404 },
  {
    method: 'PUT',
    path: '/v1/maintenance-windows/{id}',
    url: (_, s) => windowUrl(s),
    body: () => ({ name: 'Nightly database maintenance', tags: ['database', 'api'] }),
    status: 200,
  },
  { method: 'PUT', path: '/v1/maintenance-windows/{id}', name: 'unknown id', url: () => '/v1/maintenance-windows/987654', body: () => ({ name: 'x' }), status: 404 },
  {
    method: 'GET',
    path: '/v1/maintenance-windows/{id}/maintenances',
    url: (_, s) => `${windowUrl(s)}/maintenances?limit=10&page=1`,
    status: 200,
    save: (body, saved) => {
      const list = body as Json[]
      saved.maintenanceId = list[list.length - 1]?.id
    },
  },
  { method: 'GET', path: '/v1/maintenance-windows/{id}/maintenances', name: 'unknown window', url: () => '/v1/maintenance-windows/987654/maintenances', status: 404 },
  { method: 'GET', path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}', url: (_, s) => maintenanceUrl(s), status: 200 },
  {
    method: 'GET',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}',
    name: 'unknown maintenance',
    url: (_, s) => `${windowUrl(s)}/maintenances/${MISSING}`,
    status: 404,
  },
  {
    method: 'PATCH',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}',
    url: (_, s) => maintenanceUrl(s),
    body: () => ({ startsAt: day(1), endsAt: new Date(Date.parse(day(1)) + 3 * 3600_000).toISOString() }),
    status: 200,
  },
  {
    method: 'POST',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates',
    url: (_, s) => `${maintenanceUrl(s)}/updates`,
    body: () => ({ status: 'SCHEDULED', description: 'The upgrade moves to tomorrow night and takes three hours.', notifySubscribers: false }),
    status: 201,
    save: (body, saved) => (saved.updateId = (body as Json).id),
  },
  {
    method: 'POST',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates',
    name: 'unknown maintenance',
    url: (_, s) => `${windowUrl(s)}/maintenances/${MISSING}/updates`,
    body: () => ({ status: 'IN_PROGRESS', description: 'Started.' }),
    status: 404,
  },
  {
    method: 'PUT',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates/{updateId}',
    url: (_, s) => updateUrl(s),
    body: () => ({ description: 'The upgrade moves to tomorrow night (three hours, read-only meanwhile).' }),
    status: 200,
  },
  {
    method: 'PUT',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates/{updateId}',
    name: 'unknown update',
    url: (_, s) => `${maintenanceUrl(s)}/updates/${MISSING}`,
    body: () => ({ description: 'x' }),
    status: 404,
  },
  {
    method: 'DELETE',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates/{updateId}',
    url: (_, s) => updateUrl(s),
    status: 204,
  },
  {
    method: 'DELETE',
    path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}/updates/{updateId}',
    name: 'already deleted',
    url: (_, s) => updateUrl(s),
    status: 404,
  },
  { method: 'DELETE', path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}', url: (_, s) => maintenanceUrl(s), status: 204 },
  { method: 'DELETE', path: '/v1/maintenance-windows/{id}/maintenances/{maintenanceId}', name: 'already deleted', url: (_, s) => maintenanceUrl(s), status: 404 },
  { method: 'DELETE', path: '/v1/maintenance-windows/{id}', url: (_, s) => windowUrl(s), status: 204 },
  { method: 'DELETE', path: '/v1/maintenance-windows/{id}', name: 'already deleted', url: (_, s) => windowUrl(s), status: 404 },
]
