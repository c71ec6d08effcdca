import { describe, expect, it } from 'vitest'
import { buildErrorReport, MAX_REPORT_CHARS, scrubText } from '../../src/agent/scrub.js'

describe('scrubText', () => {
  it.each([
    ['connect failed https://user:pw@host.example/path?token=abc#frag', 'connect failed https://[REDACTED]', ['user', 'pw@', 'token', 'abc', 'host.example']],
    ['GET https://user:secret@intranet.example/path?token=abc123 failed', 'GET https://[REDACTED] failed', ['secret', 'abc123', 'intranet.example']],
    ['webhook https://hooks.example/services/T000/B000/XXXXsecret refused', 'webhook https://[REDACTED] refused', ['hooks.example', 'XXXXsecret']],
    ['ws://10.0.0.5:8080/socket?sid=9f closed', 'ws://[REDACTED] closed', ['10.0.0.5', 'sid']],
    ['mail to ann.smith+alerts@corp.example bounced', 'mail to [REDACTED] bounced', ['ann.smith', 'corp.example']],
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
  ])('%s', (input, expected, gone) => {
    const out = scrubText(input)
    expect(out).toBe(expected)
    for (const g of gone) expect(out).not.toContain(g)
  })

  // Stack frames' code locations are the agent's own: kept whole, digits, @ versions and key-like names included.
  it.each([
    '    at run (/app/src/agent/job-loop.ts:123:45)',
    '    at run (/work/main/src/agent/api-client.ts:12:3)',
    '    at x (/app/node_modules/undici@7/lib/x.js:12:3)',
    '    at w (/app/node_modules/.pnpm/undici@7.1.0/node_modules/undici/lib/core/request.js:1:2)',
    '    at Client.request (/home/runner/work/picket2/picket2/node_modules/undici/lib/dispatcher/client-h1.js:123:45)',
    '    at y (file:///app/dist/agent/job-loop.js:123:45)',
    '    at async file:///srv/picket-0815/dist/main/agent.js:80:5',
    '    at z (/app/src/pl_utils/sk_helper.ts:9:1)',
    '    at v (/app/src/auth/session-token.ts:4:2)',
    '    at q (node:internal/process/task_queues:95:5)',
    '    at async Promise.all (index 0)',
    '    at C:\\agent\\src\\x.ts:12:3',
  ])('keeps the stack frame %s', (frame) => {
    expect(scrubText(frame)).toBe(frame)
  })

  it('keeps code locations in a stack while the message above them is scrubbed', () => {
    const stack = 'Error: GET https://user:secret@intranet.example/path?token=abc123 by ann@corp.example\n    at run (/app/src/agent/job-loop.ts:123:45)'
    expect(scrubText(stack)).toBe('Error: GET https://[REDACTED] by [REDACTED]\n    at run (/app/src/agent/job-loop.ts:123:45)')
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
    expect(report.message).toBe('GET https://[REDACTED] failed with Authorization: [REDACTED]')
    expect(report.stack).toContain('at request (file:///agent/client.ts:1:1)')
  })

  it('takes a thrown string or anything else', () => {
    expect(buildErrorReport('boom pl_secretkey1', { agentVersion: '1', platform: 'p', runtimeVersion: 'r' })).toEqual({
      message: 'boom [REDACTED]',
      stack: '',
      agentVersion: '1',
      platform: 'p',
      runtimeVersion: 'r',
    })
    expect(buildErrorReport({ weird: true }, { agentVersion: '1', platform: 'p', runtimeVersion: 'r' }).message).toBe('Unknown error')
  })
})
