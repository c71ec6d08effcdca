/** The cutoff maths of data retention (pure): each kind's age, and results held back by the roll-up watermark. */
import { describe, expect, it } from 'vitest'
import { DAY_MS, retentionCutoffs } from '../../src/services/retention.js'

const NOW = Date.UTC(2026, 2, 2)
const days = { resultDays: 30, notificationDays: 7, agentErrorDays: 90 }

describe('retentionCutoffs', () => {
  it.each<[string, number, number]>([
    ['a caught-up roll-up: results go at their age', NOW - 60_000, NOW - 30 * DAY_MS],
    ['a watermark exactly at the age: still the age', NOW - 30 * DAY_MS, NOW - 30 * DAY_MS],
    ['a roll-up behind the age: only what it folded in (created_at <= watermark)', NOW - 40 * DAY_MS, NOW - 40 * DAY_MS + 1],
    ['nothing rolled up yet: only rows created at time 0 or before', 0, 1],
  ])('%s', (_name, watermark, results) => {
    expect(retentionCutoffs(NOW, days, watermark).results).toBe(results)
  })

  it('gives every other kind its own age, whatever the watermark', () => {
    expect(retentionCutoffs(NOW, days, 0)).toEqual({
      results: 1,
      runSkips: NOW - 30 * DAY_MS,
      heartbeatEvents: NOW - 30 * DAY_MS,
      sessions: NOW - 30 * DAY_MS,
      testSessionRuns: NOW - 30 * DAY_MS,
      testSessions: NOW - 30 * DAY_MS,
      runCancellations: NOW - 30 * DAY_MS,
      testSessionErrorGroups: NOW - 30 * DAY_MS,
      notifications: NOW - 7 * DAY_MS,
      statusPageEmails: NOW - 7 * DAY_MS,
      alerts: NOW - 7 * DAY_MS,
      agentErrors: NOW - 90 * DAY_MS,
      vendorDeployments: NOW - 7 * DAY_MS,
      rootCauseAnalyses: NOW - 30 * DAY_MS,
    })
  })
})
