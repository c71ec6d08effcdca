import { describe, expect, it } from 'vitest'
import { buildErrorReport, MAX_REPORT_CHARS, scrubText } from '../../src/agent/scrub.js'

describe('scrubText', () => {
  it.each([
    ['connect failed https://user:pw@host.example/path?token=abc#frag', 'connect failed https://host.example/path?[REDACTED]#', ['user', 'pw@', 'token', 'abc']],
    ['Authorization: Bearer pk_x', 'Authorization: [REDACTED]', ['pk_x', 'Bearer pk']],
    ['sent Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig to the host', 'sent Bearer [REDACTED] to the host', ['eyJ']],
    ['header basic: Basic dXNlcjpwYXNz', 'header basic: Basic [REDACTED]', ['dXNlcjpwYXNz']],
    ['key pl_0123456789abcdef refused', 'key [REDACTED] refused', ['pl_0123']],
    ['account key pk_live_ABCDEF123 leaked', 'account key [REDACTED] leaked', ['pk_live']],
    ['hash 0123456789abcdef0123456789abcdef01 seen', 'hash [REDACTED] seen', ['0123456789abcdef0123']],
    ['blob QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVoxMjM0NTY3ODk= end', 'blob [REDACTED] end', ['QUJDREVG']],
    ['password=hunter2&x=1', 'password=[REDACTED]&x=1', ['hunter2']],
    ['bad body {"password": "hunter2", "user": "ann"}', 'bad body {[REDACTED]}', ['hunter2']],
    ['response was {"user": "ann", "card": "4111"}', 'response was {[REDACTED]}', ['4111', 'ann']],
    ['Cookie: session=abc; other=def', 'Cookie: [REDACTED]', ['abc', 'def']],
    ['X-Custom-Secret: s3cr3t-value', 'X-Custom-Secret: [REDACTED]', ['s3cr3t']],
    ['ECONNREFUSED 127.0.0.1:8080', 'ECONNREFUSED 127.0.0.1:8080', []],
    ['    at run (/work/main/src/agent/api-client.ts:12:3)', '    at run (/work/main/src/agent/api-client.ts:12:3)', []],
  ])('%s', (input, expected, gone) => {
    const out = scrubText(input)
    expect(out).toBe(expected)
    for (const g of gone) expect(out).not.toContain(g)
  })

  it('bounds the text to 8 KB', () => {
    expect(scrubText('word '.repeat(5000)).length).toBeLessThanOrEqual(MAX_REPORT_CHARS)
  })
})

describe('buildErrorReport', () => {
  it('carries only the five fields, with no secret in message or stack', () => {
    const err = new Error('GET https://user:pw@host/path?token=abc failed with Authorization: Bearer pk_x')
    err.stack = `${err.message}\n    at request (file:///agent/client.ts:1:1)`
    const report = buildErrorReport(err, { agentVersion: '1.2.3', platform: 'linux-x64', runtimeVersion: 'v20.0.0' })
    expect(Object.keys(report).sort()).toEqual(['agentVersion', 'message', 'platform', 'runtimeVersion', 'stack'])
    const text = JSON.stringify(report)
    for (const forbidden of ['user:pw', 'pw@', 'token=abc', 'abc', 'pk_x', 'Bearer pk']) expect(text).not.toContain(forbidden)
    expect(report.message).toBe('GET https://host/path?[REDACTED] failed with Authorization: [REDACTED]')
    expect(report.stack).toContain('at request (file:///agent/client.ts:1:1)')
  })

  it('takes a thrown string or anything else', () => {
    expect(buildErrorReport('boom pl_secretkey1', { agentVersion: '1', platform: 'p', runtimeVersion: 'r' })).toEqual({ message: 'boom [REDACTED]', stack: '', agentVersion: '1', platform: 'p', runtimeVersion: 'r' })
    expect(buildErrorReport({ weird: true }, { agentVersion: '1', platform: 'p', runtimeVersion: 'r' }).message).toBe('Unknown error')
  })
})
