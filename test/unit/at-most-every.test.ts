import { describe, expect, it } from 'vitest'
import { atMostEvery } from '../../src/lib/at-most-every.js'

describe('atMostEvery', () => {
  it.each([
    { name: 'first call runs', calls: [0], ran: [true] },
    { name: 'calls within the interval are skipped', calls: [0, 1, 14_999], ran: [true, false, false] },
    { name: 'runs again once the interval passed', calls: [0, 15_000, 20_000, 30_000], ran: [true, true, false, true] },
  ])('$name', async ({ calls, ran }) => {
    let now = 0
    let runs = 0
    const work = atMostEvery(
      15_000,
      () => now,
      async () => ++runs,
      0,
    )
    const out: boolean[] = []
    for (const t of calls) {
      now = t
      out.push((await work()) !== 0)
    }
    expect(out).toEqual(ran)
    expect(runs).toBe(ran.filter(Boolean).length)
  })
})
