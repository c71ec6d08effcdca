/** The brief cache of public page views: shared loads, expiry, failures not kept, bounded size. */
import { describe, expect, it } from 'vitest'
import { FakeClock } from '../../src/lib/clock.js'
import { ttlCache } from '../../src/lib/ttl-cache.js'

describe('ttl cache', () => {
  it('shares one load between concurrent and later requests until it expires', async () => {
    const clock = new FakeClock(0)
    const cache = ttlCache<number>(clock, 1000)
    let loads = 0
    const load = async () => ++loads
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1])
    clock.advance(999)
    expect(await cache.get('k', load)).toBe(1)
    clock.advance(1)
    expect(await cache.get('k', load)).toBe(2)
  })

  it('does not keep a failed load, keeps nothing with a zero time to live, and drops the oldest entries', async () => {
    const clock = new FakeClock(0)
    const cache = ttlCache<number>(clock, 1000, 2)
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', async () => 5)).toBe(5)
    await cache.get('a', async () => 1)
    await cache.get('b', async () => 2)
    expect(await cache.get('k', async () => 6)).toBe(6)
    const none = ttlCache<number>(clock, 0)
    let n = 0
    await none.get('k', async () => ++n)
    expect(await none.get('k', async () => ++n)).toBe(2)
  })
})
