/**
 * When a page asked for each file and API call and when it had it (Chromium's resource timing), and the median of
 * those over many loads: where a cold load's time goes, call by call, rather than one load's story.
 */
import type { Page } from 'playwright-core'
import { percentile, round } from './lib.js'

/** One request of a load: its path (assets without their folder), and when it started and ended, in ms from navigation. */
export type TimelineEntry = [name: string, start: number, end: number]

// A string, not a function: tsx would wrap the function's inner names in a helper the page does not have.
const READ = `performance.getEntriesByType('resource').map((e) => [new URL(e.name).pathname.replace('/assets/', ''), Math.round(e.startTime), Math.round(e.responseEnd)])`

export const timelineOf = async (page: Page): Promise<TimelineEntry[]> => (await page.evaluate(READ)) as TimelineEntry[]

/**
 * Per request name (the first of that name in each load), the p50 of its start and of its end over the loads that
 * made it, and in how many loads it was made; ordered by start.
 */
export function medianTimeline(loads: readonly TimelineEntry[][]): Array<{ name: string; startP50: number; endP50: number; loads: number }> {
  const by = new Map<string, { starts: number[]; ends: number[] }>()
  for (const load of loads) {
    const seen = new Set<string>()
    for (const [name, start, end] of load) {
      if (seen.has(name)) continue
      seen.add(name)
      const e = by.get(name) ?? { starts: [], ends: [] }
      by.set(name, e)
      e.starts.push(start)
      e.ends.push(end)
    }
  }
  const p50 = (xs: number[]) =>
    round(
      percentile(
        [...xs].sort((a, b) => a - b),
        50,
      ),
      0,
    )
  return [...by.entries()].map(([name, e]) => ({ name, startP50: p50(e.starts), endP50: p50(e.ends), loads: e.starts.length })).sort((a, b) => a.startP50 - b.startP50)
}
