import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createRedactor, REDACTED } from '../../src/domain/secrets/redact.js'
import { runSecretValues } from '../../src/domain/secrets/run-secrets.js'
import { redactRunResult } from '../../src/engine/redact-result.js'
import { createRedactorCache } from '../../src/engine/redactor-cache.js'
import type { RunResult } from '../../src/runners/contract.js'

const R = REDACTED
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')
/** A Basic token for `prefix + secret` with the characters that depend only on the secret replaced. */
function basicExpected(prefix: string, secret: string): string {
  const token = b64(prefix + secret)
  const lead = Buffer.byteLength(prefix) % 3
  const skip = Buffer.byteLength(prefix) - lead
  const from = (skip / 3) * 4 + Math.ceil((lead * 8) / 6)
  const to = (skip / 3) * 4 + Math.floor(((lead + Buffer.byteLength(secret)) * 8) / 6)
  return `Basic ${token.slice(0, from)}${R}${token.slice(to)}`
}

const SPECIAL = 'p@ss w/rd"42\\x&y=z' // changes under URI, form, JSON, inspect and HTML encoding
const PLAIN = 'hunter2-xyz-long-value'

describe('createRedactor: text', () => {
  it.each<[string, string[], string, string]>([
    ['plain', [PLAIN], `token=${PLAIN} end`, `token=${R} end`],
    ['every occurrence', [PLAIN], `${PLAIN}/${PLAIN}`, `${R}/${R}`],
    ['URI-encoded ({{VAR}} in a URL)', [SPECIAL], `https://x.test/?k=${encodeURIComponent(SPECIAL)}&n=1`, `https://x.test/?k=${R}&n=1`],
    ['escaped by the URL parser ({{{VAR}}} in a path)', ['a b"c<d>e'], new URL('http://x.test/p/a b"c<d>e').toString(), `http://x.test/p/${R}`],
    ['form-encoded body', [SPECIAL], new URLSearchParams({ k: SPECIAL, n: '1' }).toString(), `k=${R}&n=1`],
    ['JSON-escaped', [SPECIAL], JSON.stringify({ k: SPECIAL }), `{"k":"${R}"}`],
    ['JSON-escaped twice', [SPECIAL], JSON.stringify(JSON.stringify({ k: SPECIAL })), JSON.stringify(`{"k":"${R}"}`)],
    ['console.log of an object (util.inspect)', [SPECIAL], inspect({ k: SPECIAL }), `{ k: '${R}' }`],
    ['util.inspect with a single quote', ["it's a s\\ecret"], inspect({ k: "it's a s\\ecret" }), `{ k: "${R}" }`],
    ['HTML entities', [SPECIAL], `<p>${SPECIAL.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}</p>`, `<p>${R}</p>`],
    ['Basic auth, 5-byte user part', ['correct horse'], `Basic ${b64('user:correct horse')}`, basicExpected('user:', 'correct horse')],
    // Aligned at a 3-byte boundary and at the end, the token ends with the secret's own whole base64: all of it goes.
    ['Basic auth, 3-byte user part', ['correct horse'], `Basic ${b64('us:correct horse')}`, `Basic ${b64('us:')}${R}`],
    ['Basic auth, 4-byte user part', ['correct horse'], `Basic ${b64('use:correct horse')}`, basicExpected('use:', 'correct horse')],
    ['overlapping secrets', ['abcdef12', 'ef12ghij'], 'xxabcdef12ghijyy', `xx${R}yy`],
    ['a secret that contains another: longest wins', ['secret-long', 'secret-long-value'], 'a secret-long-value b secret-long c', `a ${R} b ${R} c`],
    ['a secret overlapping itself', ['aaaa'], 'x aaaaaa y', `x ${R} y`],
    ['adjacent occurrences', [PLAIN], `${PLAIN}${PLAIN}`, R],
    ['cut through a secret before the ellipsis', [PLAIN], `ENV:{"K":"${PLAIN.slice(0, 9)}…`, `ENV:{"K":"${R}…`],
    ['cut before an ellipsis inside the text', [PLAIN], `Teardown script failed: saw ${PLAIN.slice(0, 7)}… (line 1)`, `Teardown script failed: saw ${R}… (line 1)`],
    ['a long text (a body cut at 64 KiB) cut through a secret', [PLAIN], `${'x'.repeat(2000)} ${PLAIN.slice(0, 6)}`, `${'x'.repeat(2000)} ${R}`],
    ['a cut shorter than 4 characters stays', [PLAIN], 'ends with hun…', 'ends with hun…'],
    ['a short text that merely ends like a secret is not a cut', [PLAIN], 'user hunter2', 'user hunter2'],
    ['three characters are redacted', ['abc'], 'xabcx', `x${R}x`],
    ['one or two characters are not', ['ab', 'q'], 'ab q abc', 'ab q abc'],
    ['whitespace around a short value does not count', ['  ab  '], 'x  ab  y', 'x  ab  y'],
    ['no occurrence', [PLAIN], 'nothing to see here', 'nothing to see here'],
  ])('%s', (_name, secrets, input, expected) => {
    const redactor = createRedactor(secrets)
    expect(redactor ? redactor.text(input) : input).toBe(expected)
  })

  it('decoded Basic tokens no longer contain the secret', () => {
    const redactor = createRedactor(['correct horse'])!
    for (const user of ['u', 'us', 'use', 'user']) {
      const shown = redactor.text(b64(`${user}:correct horse`))
      expect(shown).toContain(R)
      expect(Buffer.from(shown.replace(R, ''), 'base64').toString('latin1')).not.toContain('horse')
    }
  })

  it.each<[string, string[]]>([
    ['no secrets', []],
    ['only empty or too short values', ['', ' ', 'ab', '  x ']],
  ])('is null when there is nothing to redact: %s', (_name, secrets) => {
    expect(createRedactor(secrets)).toBeNull()
  })
})

describe('createRedactor: deep', () => {
  it('redacts keys and values in nested objects and arrays, leaving other values alone', () => {
    const redactor = createRedactor([PLAIN, SPECIAL])!
    const value = {
      headers: { 'x-key': PLAIN, [PLAIN]: 'named after the secret' },
      list: [`a${PLAIN}b`, 1, null, true, { deep: [JSON.stringify({ s: SPECIAL })] }],
      url: `http://x.test/?q=${encodeURIComponent(SPECIAL)}`,
      when: new Date(Date.UTC(2026, 0, 1)),
      count: 3,
    }
    expect(redactor.deep(value)).toEqual({
      headers: { 'x-key': R, [R]: 'named after the secret' },
      list: [`a${R}b`, 1, null, true, { deep: [`{"s":"${R}"}`] }],
      url: `http://x.test/?q=${R}`,
      when: '2026-01-01T00:00:00.000Z',
      count: 3,
    })
    expect(value.headers['x-key']).toBe(PLAIN)
  })
})

describe('runSecretValues', () => {
  it('lists the secret values of the account, the group and the check, and nothing else', () => {
    const env = (key: string, value: string, secret: boolean) => ({ key, value, locked: false, secret })
    expect(
      runSecretValues({
        accountVariables: [
          { value: 'acct-secret', secret: true },
          { value: 'acct-plain', secret: false },
        ],
        group: { environmentVariables: [env('G', 'group-secret', true), env('H', 'group-plain', false)] },
        check: { environmentVariables: [env('C', 'check-secret', true), env('D', 'check-plain', false)] },
      }),
    ).toEqual(['acct-secret', 'group-secret', 'check-secret'])
    expect(runSecretValues({ accountVariables: [], check: { environmentVariables: null } })).toEqual([])
  })
})

describe('redactRunResult', () => {
  const result = (secret: string): RunResult => ({
    status: 'failing',
    hasFailures: true,
    hasErrors: false,
    isDegraded: false,
    overMaxResponseTime: false,
    errorKind: 'ASSERTION',
    errorMessage: `Assertion failed: HEADERS x-key EQUALS "x" (actual: ${JSON.stringify(secret)})`,
    networkError: false,
    responseTime: 12,
    startedAt: 1,
    stoppedAt: 2,
    timingPhases: { total: 12 },
    assertions: [{ source: 'HEADERS', property: 'x-key', comparison: 'EQUALS', target: 'x', regex: null, actual: secret, passed: false }],
    details: { request: { url: `http://x.test/?k=${encodeURIComponent(secret)}` }, response: { status: 200, body: JSON.stringify({ secret }) } },
    jobLog: [`ENV:${JSON.stringify({ KEY: secret })}`],
  })

  it('redacts the error, the job log, the assertions and the details, and keeps the verdict', () => {
    const shown = redactRunResult(result(SPECIAL), createRedactor([SPECIAL]))
    expect(shown).toEqual({
      ...result(SPECIAL),
      errorMessage: `Assertion failed: HEADERS x-key EQUALS "x" (actual: "${R}")`,
      assertions: [{ source: 'HEADERS', property: 'x-key', comparison: 'EQUALS', target: 'x', regex: null, actual: R, passed: false }],
      details: { request: { url: `http://x.test/?k=${R}` }, response: { status: 200, body: `{"secret":"${R}"}` } },
      jobLog: [`ENV:{"KEY":"${R}"}`],
    })
  })

  it('never rewrites the verdict, even for a secret that reads like one', () => {
    const shown = redactRunResult(result('failing'), createRedactor(['failing', 'ASSERTION']))
    expect(shown.status).toBe('failing')
    expect(shown.errorKind).toBe('ASSERTION')
  })

  it('returns the result itself when the run has no secrets', () => {
    const plain = result(PLAIN)
    expect(redactRunResult(plain, null)).toBe(plain)
  })
})

describe('createRedactorCache', () => {
  it('builds one redactor per secret set, none for no secrets, and forgets the least recently used', () => {
    const cache = createRedactorCache(2)
    const a = cache.forSecrets([PLAIN])
    expect(a?.text(PLAIN)).toBe(R)
    expect(cache.forSecrets([PLAIN])).toBe(a)
    expect(cache.forSecrets([])).toBeNull()
    expect(cache.forSecrets(['ab'])).toBeNull()
    cache.forSecrets([SPECIAL])
    cache.forSecrets(['third-secret'])
    expect(cache.forSecrets([PLAIN])).not.toBe(a)
  })
})
