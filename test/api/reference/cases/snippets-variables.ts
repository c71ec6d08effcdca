/** Reference cases of snippets and environment variables. */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'

type Json = Record<string, unknown>

export const snippetsAndVariablesCases: ReferenceCase<unknown>[] = [
  {
    method: 'POST',
    path: '/v1/snippets',
    url: () => '/v1/snippets',
    body: () => ({ name: 'Auth header', script: "request.headers['X-Auth'] = '{{TOKEN}}'" }),
    status: 201,
    save: (body, saved) => (saved.snippetId = (body as Json).id),
  },
  { method: 'GET', path: '/v1/snippets', url: () => '/v1/snippets?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/snippets/{id}', url: (_, s) => `/v1/snippets/${String(s.snippetId)}`, status: 200 },
  {
    method: 'PUT',
    path: '/v1/snippets/{id}',
    url: (_, s) => `/v1/snippets/${String(s.snippetId)}`,
    body: () => ({ name: 'Auth header v2', script: "request.headers['X-Auth'] = 'b'" }),
    status: 200,
  },
  { method: 'DELETE', path: '/v1/snippets/{id}', url: (_, s) => `/v1/snippets/${String(s.snippetId)}`, status: 204 },
  { method: 'POST', path: '/v1/variables', url: () => '/v1/variables', body: () => ({ key: 'API_TOKEN', value: 's3cret', locked: true, secret: false }), status: 201 },
  { method: 'GET', path: '/v1/variables', url: () => '/v1/variables?limit=10&page=1', status: 200 },
  { method: 'GET', path: '/v1/variables/{key}', url: () => '/v1/variables/API_TOKEN', status: 200 },
  { method: 'PUT', path: '/v1/variables/{key}', url: () => '/v1/variables/API_TOKEN', body: () => ({ value: 'rotated', locked: false }), status: 200 },
  { method: 'DELETE', path: '/v1/variables/{key}', url: () => '/v1/variables/API_TOKEN', status: 204 },
]
