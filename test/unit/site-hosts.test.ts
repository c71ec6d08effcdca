/** Which public page a Host header names (pure). */
import { describe, expect, it } from 'vitest'
import { classifyHost } from '../../src/domain/site-hosts.js'

const domains = { dashboardDomain: 'dash.example.net', statusPageDomain: 'status.example.net', ownHosts: ['picket.example.net'] }

describe('site hosts', () => {
  it.each([
    ['ops.dash.example.net', { kind: 'dashboard', customUrl: 'ops' }],
    ['OPS.Dash.Example.Net:8443', { kind: 'dashboard', customUrl: 'ops' }],
    ['acme.status.example.net.', { kind: 'status-page', url: 'acme' }],
    ['status.acme.com', { kind: 'custom-domain', domain: 'status.acme.com' }],
    ['a.b.dash.example.net', { kind: 'custom-domain', domain: 'a.b.dash.example.net' }],
    ['dash.example.net', null],
    ['picket.example.net', null],
    ['picket.example.net:3000', null],
    ['localhost:3000', null],
    ['app.localhost', null],
    ['127.0.0.1:3000', null],
    ['[::1]:3000', null],
    ['intranet', null],
    ['bad_host.example.com', null],
    ['', null],
    [undefined, null],
  ])('%j → %j', (host, expected) => {
    expect(classifyHost(host, domains)).toEqual(expected)
  })

  it('knows no subdomains without base domains', () => {
    expect(classifyHost('ops.dash.example.net', { dashboardDomain: null, statusPageDomain: null, ownHosts: [] })).toEqual({ kind: 'custom-domain', domain: 'ops.dash.example.net' })
  })
})
