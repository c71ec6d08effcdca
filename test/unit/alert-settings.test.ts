import { describe, expect, it } from 'vitest'
import { effectiveAlerting, silenceOf, toEscalationSettings, type AlertingInput } from '../../src/alerting/settings.js'
import type { GroupSettings } from '../../src/domain/groups/schema.js'

const AT = Date.UTC(2026, 5, 1, 12, 0, 0)
const account = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 3 }, reminders: { amount: 2, interval: 10 } }
const own = { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 15 } }
const groupPolicy: GroupSettings['alertSettings'] = { runBasedEscalation: { failedRunThreshold: 5 }, parallelRunFailureThreshold: { enabled: true, percentage: 50 } }

const input = (over: Partial<AlertingInput> = {}, check: Record<string, unknown> = {}): AlertingInput => ({
  checkType: 'API',
  checkDoc: { name: 'c', tags: ['api'], alertSettings: own, useGlobalAlertSettings: true, muted: false, activated: true, ...check },
  groupDoc: undefined,
  accountAlertSettings: account,
  windows: [],
  at: AT,
  ...over,
})

describe('effective alert settings', () => {
  it('fills the API defaults', () => {
    expect(toEscalationSettings(undefined)).toEqual({
      escalationType: 'RUN_BASED',
      failedRunThreshold: 1,
      minutesFailingThreshold: 5,
      reminders: { amount: 0, interval: 5 },
      parallelRunFailureThreshold: { enabled: false, percentage: 10 },
    })
  })

  it.each<[string, AlertingInput, Record<string, unknown>]>([
    ['useGlobalAlertSettings true → the account settings', input(), { escalationType: 'RUN_BASED', failedRunThreshold: 3, reminders: { amount: 2, interval: 10 } }],
    ['no account settings → the defaults', input({ accountAlertSettings: undefined }), { failedRunThreshold: 1, reminders: { amount: 0, interval: 5 } }],
    ['useGlobalAlertSettings false → the check settings', input({}, { useGlobalAlertSettings: false }), { escalationType: 'TIME_BASED', minutesFailingThreshold: 15 }],
    [
      'a group with useGlobalAlertSettings true → the account settings',
      input({ groupDoc: { useGlobalAlertSettings: true, alertSettings: groupPolicy } }, { useGlobalAlertSettings: false }),
      { failedRunThreshold: 3 },
    ],
    [
      'a group policy → the group settings',
      input({ groupDoc: { useGlobalAlertSettings: null, alertSettings: groupPolicy } }),
      { failedRunThreshold: 5, parallelRunFailureThreshold: { enabled: true, percentage: 50 } },
    ],
    [
      'a group without a policy → each check its own',
      input({ groupDoc: { useGlobalAlertSettings: null, alertSettings: null } }, { useGlobalAlertSettings: false }),
      { escalationType: 'TIME_BASED' },
    ],
  ])('%s', (_name, i, expected) => {
    expect(effectiveAlerting(i).settings).toMatchObject(expected)
  })

  it('muted on the check or its group; deactivated likewise', () => {
    expect(effectiveAlerting(input()).muted).toBe(false)
    expect(effectiveAlerting(input({}, { muted: true })).muted).toBe(true)
    expect(effectiveAlerting(input({ groupDoc: { muted: true } })).muted).toBe(true)
    expect(effectiveAlerting(input({ groupDoc: { activated: false } })).activated).toBe(false)
    expect(effectiveAlerting(input({}, { activated: false })).activated).toBe(false)
  })

  it('in maintenance when an active window shares a tag with the check or its group', () => {
    const window = (tags: string[], startsAt = '2026-06-01T11:00:00Z', endsAt = '2026-06-01T13:00:00Z') => ({ tags, startsAt, endsAt })
    expect(effectiveAlerting(input({ windows: [window(['api'])] })).inMaintenance).toBe(true)
    expect(effectiveAlerting(input({ windows: [window(['web'])] })).inMaintenance).toBe(false)
    expect(effectiveAlerting(input({ windows: [window(['web'])], groupDoc: { tags: ['web'] } })).inMaintenance).toBe(true)
    expect(effectiveAlerting(input({ windows: [window(['api'], '2026-06-01T12:00:01Z')] })).inMaintenance).toBe(false)
    expect(effectiveAlerting(input({ windows: [window(['api'], '2026-06-01T10:00:00Z', '2026-06-01T12:00:00Z')] })).inMaintenance).toBe(false)
  })

  it('names the silence, muting first', () => {
    expect(silenceOf({ muted: true, inMaintenance: true })).toBe('muted')
    expect(silenceOf({ muted: false, inMaintenance: true })).toBe('maintenance')
    expect(silenceOf({ muted: false, inMaintenance: false })).toBeNull()
  })

  it('reads triggerIncident', () => {
    const t = { serviceId: 's1', severity: 'CRITICAL', name: 'API down', description: 'd', notifySubscribers: true }
    expect(effectiveAlerting(input({}, { triggerIncident: t })).triggerIncident).toEqual(t)
    expect(effectiveAlerting(input({}, { triggerIncident: null })).triggerIncident).toBeNull()
  })
})
