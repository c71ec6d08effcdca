/**
 * Keys named like the members every object inherits (`__proto__`, `constructor`, `toString`, `hasOwnProperty`,
 * `valueOf`) are plain data wherever a key comes from outside: unknown where a table does not hold them, found
 * where the input does, and stored as themselves (never as the object's prototype).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hasOwnKey, ownValue, setOwn } from '../../src/lib/own-keys.js'
import { ANALYTICS_ROUTES, metricNamesFor, slotOf, timingBasesOf } from '../../src/domain/analytics/catalogue.js'
import { parseAnalyticsQuery } from '../../src/domain/analytics/query.js'
import { ValidationError, FieldErrorCollector } from '../../src/domain/errors.js'
import { mergeFieldErrors } from '../../src/domain/body-problems.js'
import { extractSource, type AssertionSubject } from '../../src/domain/assertions/index.js'
import { createRedactor } from '../../src/domain/secrets/redact.js'
import { locationName } from '../../src/alerting/channels/variables.js'
import { renderTemplate } from '../../src/alerting/channels/template.js'
import { buildWebhookRequest } from '../../src/alerting/channels/webhook.js'
import { shiftByPhrase } from '../../src/runners/moment-lite.js'
import { typeNumber, wireTypeName } from '../../src/runners/dns-render.js'
import { buildRequest } from '../../src/runners/http-body.js'
import { addTraceLine, emptySummary } from '../../src/runners/browser/trace-summary.js'
import { pagesWithVitals } from '../../src/runners/browser/web-vitals.js'
import { prepareRunSpec } from '../../src/engine/prepare.js'
import { buildCheckDoc } from '../../src/domain/checks/build-doc.js'
import { apiCheck } from '../../src/domain/checks/api.js'

const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const
const NOW = Date.UTC(2026, 0, 15, 12)

/** An object with `key` as an own property, as JSON.parse makes it (a literal `{ __proto__: v }` would set the prototype). */
const own = (key: string, value: unknown): Record<string, unknown> => JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}}`) as Record<string, unknown>
const ownKeys = (o: object): string[] => Object.keys(o)
const plainPrototype = (o: object) => expect(Object.getPrototypeOf(o)).toBe(Object.prototype)

describe.each(KEYS)('the key %s', (key) => {
  afterEach(() => vi.restoreAllMocks())

  it('is not a key of a table that does not hold it, and is stored as itself', () => {
    const table: Record<string, number> = { a: 1 }
    expect(ownValue(table, key)).toBeUndefined()
    expect(hasOwnKey(table, key)).toBe(false)
    setOwn(table, key, 2)
    expect(ownValue(table, key)).toBe(2)
    expect(ownKeys(table)).toEqual(['a', key])
    expect(JSON.stringify(table)).toBe(`{"a":1,${JSON.stringify(key)}:2}`)
    plainPrototype(table)
  })

  it('is no check type of analytics and no analytics route', () => {
    expect(timingBasesOf(key)).toEqual([])
    expect(metricNamesFor(key).map((m) => m.name)).toEqual(['availability', 'retries'])
    expect(slotOf(key, 'total')).toBe(-1)
    expect(hasOwnKey(ANALYTICS_ROUTES, key)).toBe(false)
  })

  it.each([['api-checks'], ['heartbeat-checks']])('is refused as filterByStatus of %s analytics, naming the parameter', (route) => {
    const rules = ANALYTICS_ROUTES[route]
    if (!rules) throw new Error(route)
    const parse = () => parseAnalyticsQuery(rules, { metrics: 'availability', filterByStatus: key }, NOW)
    expect(parse).toThrow(ValidationError)
    expect(() => parse()).toThrow(/filterByStatus/)
  })

  it('is a header an assertion finds only when the response has it, and no LATENCY property', () => {
    const http = (headers: Record<string, string>): AssertionSubject => ({ kind: 'http', status: 200, headers, body: '', responseTime: 1 })
    const assertion = { source: 'HEADERS', comparison: 'EQUALS', property: key, target: 'x', regex: null }
    expect(extractSource(http({ 'content-type': 'text/plain' }), assertion)).toEqual({ ok: true, values: [undefined], actual: undefined })
    expect(extractSource(http(own(key, 'sent') as Record<string, string>), assertion)).toEqual({ ok: true, values: ['sent'], actual: 'sent' })
    const icmp: AssertionSubject = { kind: 'icmp', latency: { avg: 1, min: 1, max: 1, stdDev: 0 }, json: null }
    expect(extractSource(icmp, { ...assertion, source: 'LATENCY' })).toMatchObject({ ok: false, error: expect.stringContaining('avg, min, max or stdDev') })
  })

  it('is a field error like any other', () => {
    const errors = new FieldErrorCollector()
    errors.add(key, 'first')
    errors.add(key, 'second')
    expect(ownKeys(errors.fields)).toEqual([key])
    expect(ownValue(errors.fields, key)).toBe('first')
    const merged = mergeFieldErrors({}, own(key, 'from a rule') as Record<string, string>)
    expect(ownValue(merged, key)).toBe('from a rule')
    plainPrototype(merged)
  })

  it('is kept, redacted, in a JSON value a run produced', () => {
    const redactor = createRedactor(['hunter2-secret'])
    const value = { ...own(key, { note: 'hunter2-secret' }), plain: 'hunter2-secret' }
    const out = redactor?.deep(value) as Record<string, unknown>
    expect(ownKeys(out)).toEqual([key, 'plain'])
    expect(ownValue(out, key)).toEqual({ note: '*****' })
    plainPrototype(out)
  })

  it('is a location name of its own, a time unit of none and a DNS record type of none', () => {
    expect(locationName(key)).toBe(key)
    expect(shiftByPhrase(NOW, `in 2 ${key}`)).toBeNull()
    expect(shiftByPhrase(NOW, `2 ${key} ago`)).toBeNull()
    expect(typeNumber(key)).toBe(0)
    expect(wireTypeName(key)).toBe('UNKNOWN_0')
  })

  it('is a template variable that renders its value, or nothing', () => {
    // Handlebars itself refuses inherited members, and says so on the console once per name.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const options = { mode: 'none' as const, now: NOW, where: 'body' }
    expect(renderTemplate(`[{{${key}}}]`, {}, options)).toBe('[]')
    expect(renderTemplate(`[{{${key}}}]`, own(key, 'value'), options)).toBe('[value]')
  })

  it('is a request header of a check and of a webhook, sent as named', () => {
    const built = buildRequest({ method: 'GET', bodyType: 'NONE', body: '', headers: [{ key, value: 'v' }], basicAuth: null })
    expect(ownValue(built.headers, key)).toBe('v')
    plainPrototype(built.headers)
    const webhook = buildWebhookRequest({
      config: { url: 'https://hooks.test/x', headers: [{ key, value: 'w' }] },
      variables: {} as never,
      context: {},
      alertAt: NOW,
      now: NOW,
    })
    expect(ownValue(webhook.headers, key)).toBe('w')
    plainPrototype(webhook.headers)
  })

  it('is a page URL of a run like any other', () => {
    const summary = emptySummary()
    const navigation = {
      type: 'resource-snapshot',
      snapshot: {
        request: {
          url: key,
          headers: [
            { name: 'Sec-Fetch-Mode', value: 'navigate' },
            { name: 'Sec-Fetch-Dest', value: 'document' },
          ],
        },
        response: { status: 200 },
        timings: { blocked: 0, dns: 1, connect: 1, send: 0, wait: 3 },
      },
    }
    expect(pagesWithVitals(summary, new Map([[key, {}]]))).toEqual([{ url: key, webVitals: {} }])
    addTraceLine(summary, '0.network', Buffer.from(JSON.stringify(navigation)))
    expect(pagesWithVitals(summary, new Map())).toEqual([{ url: key, webVitals: { TTFB: 5 } }])
  })

  it('is a variable of a run', () => {
    const spec = prepareRunSpec({
      check: {
        id: 'c1',
        accountId: 'a1',
        checkType: 'API',
        doc: buildCheckDoc({ def: apiCheck, id: 'c1', body: { name: 'n', request: { url: 'https://example.com' }, environmentVariables: [{ key, value: 'from the check' }] } }),
      },
      group: undefined,
      accountVariables: [{ key, value: 'from the account' }],
      snippets: new Map(),
      runtime: { location: 'eu-west-1', runId: 'r', resultId: 'res', sequenceId: 's', attempt: 1 },
    })
    expect(ownValue(spec.variables, key)).toBe('from the check')
    plainPrototype(spec.variables)
  })
})
