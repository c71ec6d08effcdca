/** The browser runner's pure helpers around a run: /proc parsing, artifact names, the global limit and web vitals. */
import { describe, expect, it } from 'vitest'
import { safeName } from '../../src/runners/browser/artifacts.js'
import { globalTimeoutFor } from '../../src/runners/browser/playwright-config.js'
import { parseStat, treeOf } from '../../src/runners/browser/proc-tree.js'
import { emptySummary } from '../../src/runners/browser/trace-summary.js'
import { pagesWithVitals, readVitals } from '../../src/runners/browser/web-vitals.js'

describe('processes and names', () => {
  it('parses /proc/<pid>/stat with spaces and parentheses in the command name', () => {
    const line = '4242 (Chrome (Child) x) S 4000 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 9 0 500 100000 2500 18446744073709551615'
    expect(parseStat(line)).toEqual({ pid: 4242, state: 'S', ppid: 4000, pgid: 4242, rssPages: 2500 })
    expect(parseStat('garbage')).toBeNull()
  })
  it('finds a process tree', () => {
    const p = (pid: number, ppid: number) => ({ pid, ppid, pgid: pid, rssKb: 1 })
    expect(
      treeOf(10, [p(10, 1), p(11, 10), p(12, 11), p(13, 1), p(14, 12)])
        .map((x) => x.pid)
        .sort(),
    ).toEqual([10, 11, 12, 14])
  })
  it.each([
    ['cart › adds to cart-trace', '.zip', 'cart-adds-to-cart-trace.zip'],
    ['../../etc/passwd', '.png', 'etc-passwd.png'],
    ['', '.png', 'file.png'],
    ['a'.repeat(200), '.zip', `${'a'.repeat(80)}.zip`],
  ])('names %s safely', (base, ext, expected) => {
    expect(safeName(base, ext)).toBe(expected)
  })
  it('sets the Playwright global limit inside the hard limit', () => {
    expect(globalTimeoutFor(240_000)).toBe(225_000)
    expect(globalTimeoutFor(20_000)).toBe(15_000)
  })
})

describe('web vitals', () => {
  it('reads the preload lines and merges them with the trace pages (the measured TTFB wins)', () => {
    const lines = [
      JSON.stringify({ url: 'https://shop.test/', TTFB: 12.34567, FCP: 100, LCP: 250, CLS: 0.05, TBT: 0 }),
      JSON.stringify({ url: 'about:blank', FCP: 1 }),
      JSON.stringify({ url: 'https://shop.test/cart', TTFB: null, FCP: 90, LCP: -1, CLS: 0, TBT: 30 }),
      '{"url": "https://shop.test/cut',
    ].join('\n')
    const vitals = readVitals(lines)
    expect([...vitals.keys()]).toEqual(['https://shop.test/', 'https://shop.test/cart'])
    const trace = { ...emptySummary(), pages: ['https://shop.test/', 'https://shop.test/login'], ttfb: { 'https://shop.test/': 99, 'https://shop.test/login': 7 } }
    expect(pagesWithVitals(trace, vitals)).toEqual([
      { url: 'https://shop.test/', webVitals: { TTFB: 12.346, FCP: 100, LCP: 250, CLS: 0.05, TBT: 0 } },
      { url: 'https://shop.test/login', webVitals: { TTFB: 7 } },
      { url: 'https://shop.test/cart', webVitals: { FCP: 90, CLS: 0, TBT: 30 } },
    ])
  })
})
