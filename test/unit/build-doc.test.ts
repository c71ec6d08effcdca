import { describe, expect, it } from 'vitest'
import { buildCheckDoc } from '../../src/domain/checks/build-doc.js'
import { apiCheck } from '../../src/domain/checks/api.js'
import { ValidationError } from '../../src/domain/errors.js'

const create = (body: Record<string, unknown>) => buildCheckDoc({ def: apiCheck, id: 'id-1', body })
const base = { name: 'n', request: { url: 'https://e.com' } }

describe('buildCheckDoc (defaults, merge, cross-field rules)', () => {
  it('fills every default on create', () => {
    const doc = create(base)
    expect(doc).toMatchObject({ activated: true, frequency: 10, retryStrategy: null, degradedResponseTime: 5000, maxResponseTime: 20000 })
    expect(doc.alertSettings).toEqual({
      escalationType: 'RUN_BASED',
      runBasedEscalation: { failedRunThreshold: 1 },
      timeBasedEscalation: { minutesFailingThreshold: 5 },
      reminders: { amount: 0, interval: 5 },
      parallelRunFailureThreshold: { enabled: false, percentage: 10 },
    })
  })

  it('merges an update: absent keeps, null clears scalars, null keeps lists', () => {
    const existing = create({ ...base, description: 'd', tags: ['a'], groupOrder: 2 })
    const doc = buildCheckDoc({ def: apiCheck, id: 'id-1', existing, body: { description: null, tags: null, name: 'm' } })
    expect(doc).toMatchObject({ name: 'm', description: null, tags: ['a'], groupOrder: 2 })
  })

  it('fills retry strategy defaults and refuses maxRetries with SINGLE_RETRY', () => {
    expect(create({ ...base, retryStrategy: { type: 'LINEAR' } }).retryStrategy).toEqual({
      type: 'LINEAR',
      baseBackoffSeconds: 60,
      maxRetries: 2,
      maxDurationSeconds: 600,
      sameRegion: true,
      onlyOn: [],
    })
    expect(() => create({ ...base, retryStrategy: { type: 'SINGLE_RETRY', maxRetries: 3 } })).toThrow(ValidationError)
  })

  it('keeps an offset that still fits a new frequency and re-spreads one that does not', () => {
    const existing = create({ ...base, frequency: 60, frequencyOffset: 300 })
    const same = buildCheckDoc({ def: apiCheck, id: 'id-1', existing, body: { frequency: 30 } })
    expect(same.frequencyOffset).toBe(300)
    const moved = buildCheckDoc({ def: apiCheck, id: 'id-1', existing, body: { frequency: 120 } })
    expect([1, 2]).toContain(moved.frequencyOffset)
  })

  it('throws one error naming every bad field', () => {
    try {
      create({ ...base, frequency: 0, request: { url: 'nope', assertions: [{ source: 'STATUS_CODE', comparison: 'CONTAINS', target: '2' }] } })
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError)
      expect(Object.keys((e as ValidationError).fields).sort()).toEqual(['frequencyOffset', 'request.assertions[0].comparison', 'request.url'])
    }
  })
})
