import { describe, expect, it } from 'vitest'
import { supersededPairs, type NewRun, type QueuedScheduledRun } from '../../src/domain/schedule/superseded-runs.js'

const SLOT = 1_000_000
const fresh = (checkId: string, dueAt = SLOT): NewRun => ({ checkId, dueAt })
const queued = (id: string, checkId: string, expiresAt = SLOT): QueuedScheduledRun => ({ id, checkId, expiresAt })

describe('superseded runs', () => {
  it.each<[string, NewRun[], QueuedScheduledRun[], Array<[string, string]>]>([
    ['a queued run stale when the new one is due', [fresh('a')], [queued('q1', 'a')], [['a', 'q1']]],
    ['a queued run stale before the new one is due', [fresh('a')], [queued('q1', 'a', SLOT - 10_000)], [['a', 'q1']]],
    ['a queued run still valid when the new one is due', [fresh('a')], [queued('q1', 'a', SLOT + 1)], []],
    ['a queued run of another check', [fresh('a')], [queued('q1', 'b')], []],
    ['no queued run', [fresh('a')], [], []],
    [
      'a parallel check: one queued run a new run',
      [fresh('a'), fresh('a'), fresh('a')],
      [queued('q1', 'a'), queued('q2', 'a')],
      [
        ['a', 'q1'],
        ['a', 'q2'],
      ],
    ],
    ['two queued runs, one new run: the other stays for the expiry pass', [fresh('a')], [queued('q1', 'a'), queued('q2', 'a')], [['a', 'q1']]],
    [
      'several checks',
      [fresh('a'), fresh('b'), fresh('c')],
      [queued('qc', 'c'), queued('qa', 'a')],
      [
        ['a', 'qa'],
        ['c', 'qc'],
      ],
    ],
  ])('%s', (_name, news, olds, expected) => {
    const pairs = supersededPairs(news, olds)
    expect(pairs.map((p) => [p.fresh.checkId, p.queued.id])).toEqual(expected)
    expect(new Set(pairs.map((p) => p.fresh)).size).toBe(pairs.length) // each new run at most once
  })
})
