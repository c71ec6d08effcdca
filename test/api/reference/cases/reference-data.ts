/** Reference cases of the reference data: runtimes, locations and the source addresses of runs. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

export const referenceDataCases: ReferenceCase<unknown>[] = [
  { method: 'GET', path: '/v1/runtimes', url: () => '/v1/runtimes', status: 200 },
  { method: 'GET', path: '/v1/runtimes/{id}', url: () => '/v1/runtimes/2025.04', status: 200 },
  { method: 'GET', path: '/v1/runtimes/{id}', name: 'an unknown runtime', url: () => '/v1/runtimes/2019.01', status: 404 },
  { method: 'GET', path: '/v1/locations', url: () => '/v1/locations', status: 200 },
  { method: 'GET', path: '/v1/static-ips', url: () => '/v1/static-ips', status: 200 },
  { method: 'GET', path: '/v1/static-ips-by-region', url: () => '/v1/static-ips-by-region', status: 200 },
  { method: 'GET', path: '/v1/static-ips.txt', url: () => '/v1/static-ips.txt', status: 200 },
  { method: 'GET', path: '/v1/static-ipv6s', url: () => '/v1/static-ipv6s', status: 200 },
  { method: 'GET', path: '/v1/static-ipv6s-by-region', url: () => '/v1/static-ipv6s-by-region', status: 200 },
  { method: 'GET', path: '/v1/static-ipv6s.txt', url: () => '/v1/static-ipv6s.txt', status: 200 },
]
