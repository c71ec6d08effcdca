/** Which uploaded client certificate a request presents: exact hosts, one-label wildcards, ports, most specific first. */
import { describe, expect, it } from 'vitest'
import { clientCertificateFor, hostMatchRank } from '../../src/domain/client-certificates/host-match.js'
import { normalizeHost } from '../../src/domain/client-certificates/client-certificate.js'

describe('host matching', () => {
  it.each([
    { pattern: 'api.acme.com', host: 'api.acme.com', port: 443, matches: true },
    { pattern: 'api.acme.com', host: 'API.Acme.com', port: 443, matches: true },
    { pattern: 'api.acme.com', host: 'api.acme.com.', port: 443, matches: true },
    { pattern: 'api.acme.com', host: 'www.acme.com', port: 443, matches: false },
    { pattern: 'acme.com', host: 'api.acme.com', port: 443, matches: false },
    { pattern: '*.acme.com', host: 'api.acme.com', port: 443, matches: true },
    { pattern: '*.acme.com', host: 'acme.com', port: 443, matches: false },
    { pattern: '*.acme.com', host: 'a.b.acme.com', port: 443, matches: false },
    { pattern: '*.acme.com', host: 'evilacme.com', port: 443, matches: false },
    { pattern: 'api.acme.com:8443', host: 'api.acme.com', port: 8443, matches: true },
    { pattern: 'api.acme.com:8443', host: 'api.acme.com', port: 443, matches: false },
    { pattern: '127.0.0.1', host: '127.0.0.1', port: 51234, matches: true },
  ])('$pattern for $host:$port: $matches', ({ pattern, host, port, matches }) => {
    expect(hostMatchRank(pattern, host, port) > 0).toBe(matches)
  })

  it('prefers exact host and port, then exact host, then a wildcard with the port, then a wildcard', () => {
    const list = [{ host: '*.acme.com' }, { host: '*.acme.com:8443' }, { host: 'api.acme.com' }, { host: 'api.acme.com:8443' }]
    expect(clientCertificateFor(list, 'api.acme.com', 8443)?.host).toBe('api.acme.com:8443')
    expect(clientCertificateFor(list, 'api.acme.com', 443)?.host).toBe('api.acme.com')
    expect(clientCertificateFor(list, 'www.acme.com', 8443)?.host).toBe('*.acme.com:8443')
    expect(clientCertificateFor(list, 'www.acme.com', 443)?.host).toBe('*.acme.com')
    expect(clientCertificateFor(list, 'acme.org', 443)).toBeUndefined()
    expect(clientCertificateFor(undefined, 'acme.org', 443)).toBeUndefined()
  })
})

describe('host normalization', () => {
  it.each([
    { raw: ' WWW.Acme.com ', out: 'www.acme.com' },
    { raw: '*.acme.com', out: '*.acme.com' },
    { raw: 'api.acme.com:8443', out: 'api.acme.com:8443' },
    { raw: '10.0.0.5', out: '10.0.0.5' },
    { raw: 'https://www.acme.com', out: null },
    { raw: 'www.acme.com/path', out: null },
    { raw: 'a.*.acme.com', out: null },
    { raw: 'acme.com:70000', out: null },
    { raw: '', out: null },
  ])('$raw → $out', ({ raw, out }) => {
    const r = normalizeHost(raw)
    expect('host' in r ? r.host : null).toBe(out)
  })
})
