/**
 * Per-run overrides, pure parts: the environment URL's origin swap, the stored form read back defensively, the
 * request body turned into overrides, and a prepared run (variables over the check's, ENVIRONMENT_URL for every
 * type, the request origin for API and URL checks only, a fresh install, the override's secrets).
 */
import { describe, expect, it } from 'vitest'
import { prepareRunSpec } from '../../src/engine/prepare.js'
import { buildCheckDoc } from '../../src/domain/checks/build-doc.js'
import { apiCheck } from '../../src/domain/checks/api.js'
import { FieldErrorCollector } from '../../src/domain/errors.js'
import { runSecretValues } from '../../src/domain/secrets/run-secrets.js'
import { buildRunOverrides } from '../../src/domain/runs/run-override-input.js'
import { parseOverrides, serializeOverrides, swapOrigin, type RunOverrides } from '../../src/domain/runs/run-overrides.js'
import type { CheckType } from '../../src/domain/checks/enums.js'

describe('swapOrigin', () => {
  it.each([
    ['http://127.0.0.1:8080/api/x?y=1#f', 'https://preview.example.test', 'https://preview.example.test/api/x?y=1#f'],
    ['https://prod.example.test/health', 'http://127.0.0.1:4000/ignored', 'http://127.0.0.1:4000/health'],
    ['https://prod.example.test:8443/', 'https://preview.example.test', 'https://preview.example.test/'],
    ['https://user:pw@prod.example.test/a', 'https://preview.example.test:9443', 'https://user:pw@preview.example.test:9443/a'],
    ['not a url', 'https://preview.example.test', 'not a url'],
    ['https://prod.example.test/a', 'ftp://files.example.test', 'https://prod.example.test/a'],
  ])('%s to %s gives %s', (url, env, expected) => {
    expect(swapOrigin(url, env)).toBe(expected)
  })
})

describe('stored overrides', () => {
  it.each<[string, RunOverrides | undefined, string | null, RunOverrides]>([
    ['nothing', undefined, null, {}],
    ['an empty set', { environmentVariables: [] }, null, {}],
    ['a null strategy (no retries)', { retryStrategy: null }, '{"retryStrategy":null}', { retryStrategy: null }],
    [
      'a URL and a refresh',
      { environmentUrl: 'https://p.test', refreshCache: true },
      '{"environmentUrl":"https://p.test","refreshCache":true}',
      { environmentUrl: 'https://p.test', refreshCache: true },
    ],
  ])('%s round-trips', (_name, overrides, stored, read) => {
    expect(serializeOverrides(overrides)).toBe(stored)
    expect(parseOverrides(stored)).toEqual(read)
  })

  it.each([['{'], ['[1]'], ['{"environmentVariables":[null,{"value":"no key"},{"key":"K","value":7}],"environmentUrl":3}']])('reads %s defensively', (text) => {
    const parsed = parseOverrides(text)
    expect(parsed.environmentUrl).toBeUndefined()
    expect(parsed.environmentVariables ?? [{ key: 'K', value: '', secret: false }]).toEqual([{ key: 'K', value: '', secret: false }])
  })
})

describe('buildRunOverrides', () => {
  it('fills a strategy’s defaults, keeps null, and makes null values empty', () => {
    const errors = new FieldErrorCollector()
    expect(buildRunOverrides({ environmentVariables: [{ key: 'A', value: null, secret: true }], retryStrategy: { type: 'LINEAR' } }, errors)).toEqual({
      environmentVariables: [{ key: 'A', value: '', secret: true }],
      retryStrategy: { type: 'LINEAR', baseBackoffSeconds: 60, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true, onlyOn: [] },
    })
    expect(buildRunOverrides({ retryStrategy: null }, errors)).toEqual({ retryStrategy: null })
    expect(buildRunOverrides({}, errors)).toEqual({})
    expect(errors.empty).toBe(true)
    buildRunOverrides({ retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 2 } }, errors)
    expect(errors.fields).toEqual({ 'retryStrategy.maxRetries': 'is not allowed with type SINGLE_RETRY' })
  })
})

describe('a prepared run with overrides', () => {
  const prepare = (checkType: CheckType, overrides: RunOverrides | undefined) =>
    prepareRunSpec({
      check: {
        id: 'c1',
        accountId: 'a1',
        checkType,
        doc: buildCheckDoc({ def: apiCheck, id: 'c1', body: { name: 'n', request: { url: 'https://example.com' }, environmentVariables: [{ key: 'V', value: 'check' }] } }),
      },
      group: undefined,
      accountVariables: [
        { key: 'V', value: 'account' },
        { key: 'W', value: 'account' },
      ],
      snippets: new Map(),
      runtime: { location: 'eu-west-1', runId: 'r', resultId: 'res', sequenceId: 's', attempt: 1 },
      overrides,
    })

  it('takes the override’s variables over every other, but never over the runtime’s', () => {
    const spec = prepare('API', {
      environmentVariables: [
        { key: 'V', value: 'run', secret: false },
        { key: 'CHECK_ID', value: 'forged', secret: false },
      ],
    })
    expect(spec.variables).toMatchObject({ V: 'run', W: 'account', CHECK_ID: 'c1' })
    expect(prepare('API', undefined).variables.V).toBe('check')
  })

  it.each<[CheckType, boolean]>([
    ['API', true],
    ['URL', true],
    ['MULTI_STEP', false],
    ['BROWSER', false],
    ['TCP', false],
  ])('gives a %s check ENVIRONMENT_URL (and the request origin: %s)', (type, swaps) => {
    const spec = prepare(type, { environmentUrl: 'https://preview.test', refreshCache: true })
    expect(spec.variables.ENVIRONMENT_URL).toBe('https://preview.test')
    expect(spec.environmentUrl).toBe(swaps ? 'https://preview.test' : undefined)
    expect(spec.refreshCache).toBe(true)
    const plain = prepare(type, undefined)
    expect([plain.variables.ENVIRONMENT_URL, plain.environmentUrl, plain.refreshCache]).toEqual([undefined, undefined, undefined])
  })

  it('lists the override’s secret values among the run’s secrets', () => {
    const overrides = parseOverrides(
      serializeOverrides({
        environmentVariables: [
          { key: 'S', value: 'hush', secret: true },
          { key: 'P', value: 'plain', secret: false },
        ],
      }),
    )
    expect(runSecretValues({ accountVariables: [], check: {}, overrides })).toEqual(['hush'])
  })
})
