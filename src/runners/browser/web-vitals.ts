/**
 * Web vitals of the pages a run visited (pure). The preload observes them in every page (TTFB from navigation
 * timing, FCP, LCP, CLS, TBT from long tasks) and writes one line per page when its context closes; the trace
 * gives the TTFB of every document navigation. A page's vitals are those of the last document it showed.
 */
import { ownValue } from '../../lib/own-keys.js'
import type { TraceSummary } from './trace-summary.js'

export type WebVitals = Partial<Record<'TTFB' | 'FCP' | 'LCP' | 'CLS' | 'TBT', number>>

const KEYS = ['TTFB', 'FCP', 'LCP', 'CLS', 'TBT'] as const
const round = (n: number): number => Math.round(n * 1000) / 1000

/** The preload's lines: `{url, TTFB, FCP, LCP, CLS, TBT}` (null where not observed). */
export function readVitals(jsonl: string): Map<string, WebVitals> {
  const out = new Map<string, WebVitals>()
  for (const line of jsonl.split('\n')) {
    if (line.trim() === '') continue
    try {
      const raw = JSON.parse(line) as Record<string, unknown>
      if (typeof raw.url !== 'string' || raw.url === 'about:blank') continue
      const vitals: WebVitals = {}
      for (const k of KEYS) {
        const v = raw[k]
        if (typeof v === 'number' && Number.isFinite(v) && v >= 0) vitals[k] = round(v)
      }
      out.set(raw.url, vitals)
    } catch {
      // a line cut short by a killed run
    }
  }
  return out
}

/** The pages of a run with their vitals: the trace's navigations in order, then pages only the preload saw. */
export function pagesWithVitals(trace: TraceSummary, vitals: Map<string, WebVitals>): Array<{ url: string; webVitals: WebVitals }> {
  const urls = [...trace.pages, ...[...vitals.keys()].filter((u) => !trace.pages.includes(u))]
  return urls.map((url) => {
    const measured = vitals.get(url) ?? {}
    // The URLs are the run's to name: only a time the trace holds for the URL itself counts.
    const ttfb = measured.TTFB ?? ownValue(trace.ttfb, url)
    return { url, webVitals: { ...measured, ...(ttfb === undefined ? {} : { TTFB: ttfb }) } }
  })
}
