/** Reference cases of client certificates (mutual TLS). */
import type { ReferenceCase } from '../../../helpers/reference-cases.js'
import type { TestPki } from '../../../helpers/test-pki.js'

type Json = Record<string, unknown>

export const clientCertificateCases: ReferenceCase<TestPki>[] = [
  {
    method: 'POST',
    path: '/v1/client-certificates',
    url: () => '/v1/client-certificates',
    body: (pki) => ({ host: 'api.acme.test', cert: pki.clientCert, key: pki.clientKeyEncrypted, passphrase: pki.passphrase, ca: pki.caCert }),
    status: 201,
    save: (body, saved) => (saved.certificateId = (body as Json).id),
  },
  {
    method: 'POST',
    path: '/v1/client-certificates',
    name: 'wildcard host, key without passphrase, no CA',
    url: () => '/v1/client-certificates',
    body: (pki) => ({ host: '*.acme.test', cert: pki.clientCert, key: pki.clientKey }),
    status: 201,
  },
  { method: 'GET', path: '/v1/client-certificates', url: () => '/v1/client-certificates', status: 200 },
  { method: 'GET', path: '/v1/client-certificates/{id}', url: (_, s) => `/v1/client-certificates/${String(s.certificateId)}`, status: 200 },
  { method: 'DELETE', path: '/v1/client-certificates/{id}', url: (_, s) => `/v1/client-certificates/${String(s.certificateId)}`, status: 204 },
]
