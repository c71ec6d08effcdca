/** Reference cases of private locations, their agent keys and their metrics. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

const locationUrl = (saved: Json) => `/v1/private-locations/${String(saved.locationId)}`
const MISSING = '00000000-0000-4000-8000-000000000000'
const HOUR = 3600

export const privateLocationCases: ReferenceCase<unknown>[] = [
  {
    method: 'POST',
    path: '/v1/private-locations',
    url: () => '/v1/private-locations',
    body: () => ({ name: 'Berlin office', slugName: 'berlin-office', icon: 'location', proxyUrl: 'http://proxy.internal:3128' }),
    status: 201,
    save: (body, saved) => (saved.locationId = (body as Json).id),
  },
  { method: 'GET', path: '/v1/private-locations', url: () => '/v1/private-locations', status: 200 },
  { method: 'GET', path: '/v1/private-locations/{id}', url: (_, s) => locationUrl(s), status: 200 },
  { method: 'GET', path: '/v1/private-locations/{id}', name: 'unknown id', url: () => `/v1/private-locations/${MISSING}`, status: 404 },
  { method: 'PUT', path: '/v1/private-locations/{id}', url: (_, s) => locationUrl(s), body: () => ({ name: 'Berlin HQ', icon: 'office-building' }), status: 200 },
  {
    method: 'POST',
    path: '/v1/private-locations/{id}/keys',
    url: (_, s) => `${locationUrl(s)}/keys`,
    status: 201,
    save: (body, saved) => (saved.keyId = (body as Json).id),
  },
  { method: 'POST', path: '/v1/private-locations/{id}/keys', name: 'a third key', url: (_, s) => `${locationUrl(s)}/keys`, status: 402 },
  {
    method: 'GET',
    path: '/v1/private-locations/{id}/metrics',
    url: (_, s) => {
      const to = Math.floor(Date.now() / 1000)
      return `${locationUrl(s)}/metrics?from=${to - 6 * HOUR}&to=${to}`
    },
    status: 200,
  },
  { method: 'DELETE', path: '/v1/private-locations/{id}/keys/{keyId}', url: (_, s) => `${locationUrl(s)}/keys/${String(s.keyId)}`, status: 204 },
  { method: 'DELETE', path: '/v1/private-locations/{id}', url: (_, s) => locationUrl(s), status: 204 },
  { method: 'DELETE', path: '/v1/private-locations/{id}', name: 'already deleted', url: (_, s) => locationUrl(s), status: 404 },
]
