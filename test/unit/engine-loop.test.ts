import { describe, expect, it } from 'vitest'
import { startLoop } from '../../src/engine/loop.js'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 5))
}

describe('engine loop', () => {
  it('runs at once, then sleeps as long as the pass says; wake() runs the next pass early', async () => {
    let passes = 0
    const loop = startLoop(
      't',
      60_000,
      async () => {
        passes++
        return 60_000
      },
      quiet,
    )
    await until(() => passes === 1)
    loop.wake()
    await until(() => passes === 2)
    loop.wake(10)
    await until(() => passes === 3)
    await loop.stop()
  })

  it('a wake during a pass runs one more pass right after it; errors are logged and the loop goes on', async () => {
    let passes = 0
    const errors: string[] = []
    let release: () => void = () => undefined
    const loop = startLoop(
      't',
      60_000,
      async () => {
        passes++
        if (passes === 1) await new Promise<void>((r) => (release = r))
        if (passes === 2) throw new Error('boom')
      },
      { ...quiet, error: (_o, m) => errors.push(String(m)) },
    )
    await until(() => passes === 1)
    loop.wake()
    loop.wake()
    release()
    await until(() => passes === 2)
    await until(() => errors.length === 1)
    expect(errors).toEqual(['engine t failed'])
    await new Promise((r) => setTimeout(r, 30))
    expect(passes).toBe(2)
    await loop.stop()
  })

  it('stop() resolves once the pass in progress has ended, so what it does is not cut off by a closing store', async () => {
    let release: () => void = () => undefined
    let ended = false
    let started = false
    const loop = startLoop(
      't',
      60_000,
      async () => {
        started = true
        await new Promise<void>((r) => (release = r))
        ended = true
      },
      quiet,
    )
    await until(() => started)
    let stopped = false
    const stopping = loop.stop().then(() => (stopped = true))
    await new Promise((r) => setTimeout(r, 20))
    expect(stopped).toBe(false)
    release()
    await stopping
    expect(ended).toBe(true)
  })

  it('stop() ends it: no pass after', async () => {
    let passes = 0
    const loop = startLoop(
      't',
      5,
      async () => {
        passes++
      },
      quiet,
    )
    await until(() => passes >= 2)
    await loop.stop()
    const seen = passes
    await new Promise((r) => setTimeout(r, 30))
    expect(passes).toBeLessThanOrEqual(seen + 1)
    loop.wake()
    await new Promise((r) => setTimeout(r, 10))
    expect(passes).toBeLessThanOrEqual(seen + 1)
  })
})
