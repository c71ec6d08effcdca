/** The pure parts of the metrics: label values, the token rule, delivery outcomes, a job's due time. */
import { describe, expect, it } from 'vitest'
import { locationLabel, methodLabel, routeLabel, runOutcome, statusClass } from '../../src/metrics/labels.js'
import { bearerMatches } from '../../src/metrics/endpoint.js'
import { deliveryMetricOutcome } from '../../src/alerting/notifier.js'
import type { DeliveryOutcome } from '../../src/alerting/notifier-retry.js'
import { dueTimeOf } from '../../src/engine/worker.js'

describe('label values', () => {
  it.each([
    ['GET', 'GET'],
    ['DELETE', 'DELETE'],
    ['PROPFIND', 'OTHER'],
    ['get', 'OTHER'],
  ])('method %s is %s', (method, label) => expect(methodLabel(method)).toBe(label))

  it.each([
    ['/v1/checks/:id', '/v1/checks/:id'],
    [undefined, 'unmatched'],
    ['', 'unmatched'],
  ])('route %s is %s', (pattern, label) => expect(routeLabel(pattern)).toBe(label))

  it.each([
    [200, '2xx'],
    [204, '2xx'],
    [301, '3xx'],
    [404, '4xx'],
    [503, '5xx'],
  ])('status %i is %s', (code, label) => expect(statusClass(code)).toBe(label))

  it.each([
    [{ location: 'eu-west-1', privateLocation: false }, 'eu-west-1'],
    [{ location: 'my-office', privateLocation: true }, 'private'],
  ])('location %o is %s', (place, label) => expect(locationLabel(place)).toBe(label))

  it.each([
    [{ status: 'passing' as const, hasErrors: false }, 'passing'],
    [{ status: 'degraded' as const, hasErrors: false }, 'degraded'],
    [{ status: 'failing' as const, hasErrors: false }, 'failing'],
    [{ status: 'failing' as const, hasErrors: true }, 'error'],
  ])('run %o is %s', (result, outcome) => expect(runOutcome(result)).toBe(outcome))
})

describe('the metrics token', () => {
  const token = 'metrics-token-0123456789'
  it.each([
    [undefined, undefined, true],
    ['Bearer anything', undefined, true],
    [undefined, token, false],
    ['', token, false],
    [`Bearer ${token}`, token, true],
    [`bearer ${token}`, token, true],
    [`Bearer ${token}x`, token, false],
    [`Basic ${token}`, token, false],
    [token, token, false],
  ])('Authorization %s with token %s: %s', (header, required, allowed) => expect(bearerMatches(header, required)).toBe(allowed))
})

describe('delivery outcomes', () => {
  const failed = (kind: 'retry' | 'rate-limited' | 'final'): DeliveryOutcome => ({ ok: false, kind, error: 'x', responseStatus: null, result: null })
  it.each([
    [{ ok: true, responseStatus: 200, result: null } as DeliveryOutcome, null, 'delivered'],
    [failed('retry'), 1000, 'retry'],
    [failed('rate-limited'), 1000, 'rate-limited'],
    [failed('retry'), null, 'failed'],
    [failed('final'), null, 'failed'],
  ])('%o with retryAt %s is %s', (outcome, retryAt, label) => expect(deliveryMetricOutcome(outcome, retryAt)).toBe(label))
})

describe('a job is due', () => {
  it.each([
    [{ attempt: 1, scheduled_at: 1000, due_at: 1400 }, 1000],
    [{ attempt: 2, scheduled_at: 1000, due_at: 9000 }, 9000],
  ])('%o at %i', (job, at) => expect(dueTimeOf(job)).toBe(at))
})
