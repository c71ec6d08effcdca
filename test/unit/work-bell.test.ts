import { describe, expect, it } from 'vitest'
import { createWorkBell } from '../../src/lib/work-bell.js'

describe('work bell', () => {
  it('calls every listener of a ring, and no longer one that stopped listening', () => {
    const bell = createWorkBell()
    const heard: string[] = []
    const stopA = bell.listen('runs-queued', () => heard.push('a'))
    bell.listen('runs-queued', () => heard.push('b'))
    bell.ring('runs-queued')
    stopA()
    bell.ring('runs-queued')
    expect(heard).toEqual(['a', 'b', 'b'])
  })

  it('a ring with no listener does nothing', () => {
    expect(() => createWorkBell().ring('runs-queued')).not.toThrow()
  })
})
