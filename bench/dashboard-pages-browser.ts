/**
 * Full render in Chromium, for bench/dashboard-pages.ts: navigation start to the first byte, to the first
 * contentful paint and to the load event, with a fresh browser context (empty cache) per load.
 */
import { log, url, type Served } from './dashboard-pages-site.js'
import { stat, type BrowserRun } from './dashboard-pages-report.js'

export async function measureBrowser(kind: 'sqlite' | 'postgres', cold: Served, warm: Served, loads: number): Promise<BrowserRun[]> {
  const browserRuns: BrowserRun[] = []
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  })
  try {
    for (const c of [
      { d: 'a', mode: 'cold', loads },
      { d: 'a', mode: 'warm', loads },
      { d: 'b', mode: 'warm', loads: Math.min(loads, 10) },
    ] as const) {
      const served = c.mode === 'warm' ? warm : cold
      const target = `${served.origin}${url(c.d, '24h', c.d === 'a' ? 1 : undefined)}`
      const ttfb: number[] = []
      const fcp: number[] = []
      const load: number[] = []
      for (let i = -1; i < c.loads; i++) {
        const context = await browser.newContext()
        const page = await context.newPage()
        await page.goto(target, { waitUntil: 'load' })
        await page.waitForFunction(() => ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0) > 0)
        await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 5000 }).catch(() => undefined)
        const m = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
          return { ttfb: nav.responseStart, load: nav.loadEventEnd, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null }
        })
        await context.close()
        if (i < 0) continue // the first load warms the server's cache (warm) and the browser process (both)
        ttfb.push(m.ttfb)
        load.push(m.load)
        if (m.fcp !== null) fcp.push(m.fcp)
      }
      browserRuns.push({ dashboard: c.d, window: '24h', mode: c.mode, ttfb: stat(ttfb), fcp: stat(fcp), load: stat(load) })
      log(kind, 'browser', JSON.stringify(browserRuns[browserRuns.length - 1]))
    }
  } finally {
    await browser.close()
  }
  return browserRuns
}
