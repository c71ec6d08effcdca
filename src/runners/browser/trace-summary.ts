/**
 * What a run's Playwright traces say about the pages (pure, on the zip bytes): the browser console, uncaught page
 * errors, the network requests and the pages visited. Traces are the one record Playwright keeps of the browser
 * itself, for Playwright Test and plain scripts alike.
 */
import { unzipSync } from 'fflate'

export interface TraceSummary {
  consoleLines: string[]
  consoleErrors: number
  pageErrors: string[]
  networkRequests: number
  /** Requests that failed or answered 4xx/5xx. */
  networkErrors: number
  pages: string[]
  /** Time to first byte of each page's document (HAR timings up to the first byte), by page URL. */
  ttfb: Record<string, number>
}

interface TraceEvent {
  type?: string
  messageType?: string
  text?: string
  class?: string
  method?: string
  params?: { url?: string; error?: { error?: { message?: string }; value?: unknown }; message?: string }
  snapshot?: {
    request?: { url?: string; headers?: Array<{ name?: string; value?: string }> }; response?: { status?: number }; _failureText?: string
    timings?: Record<string, number>
  }
}

const MAX_LINES = 200

export function emptySummary(): TraceSummary {
  return { consoleLines: [], consoleErrors: 0, pageErrors: [], networkRequests: 0, networkErrors: 0, pages: [], ttfb: {} }
}

function lines(bytes: Uint8Array): TraceEvent[] {
  const out: TraceEvent[] = []
  for (const line of new TextDecoder().decode(bytes).split('\n')) {
    if (line.trim() === '') continue
    try {
      out.push(JSON.parse(line) as TraceEvent)
    } catch {
      // a torn last line of a trace cut short
    }
  }
  return out
}

/** Adds one trace zip's facts to `into`; a zip that cannot be read adds nothing. */
export function summarizeTrace(zip: Uint8Array, into: TraceSummary = emptySummary()): TraceSummary {
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(zip, { filter: (f) => f.name.endsWith('.trace') || f.name.endsWith('.network') })
  } catch {
    return into
  }
  for (const [name, bytes] of Object.entries(entries)) {
    for (const e of lines(bytes)) {
      if (name.endsWith('.network')) {
        if (e.type !== 'resource-snapshot') continue
        into.networkRequests++
        const status = e.snapshot?.response?.status ?? 0
        if (e.snapshot?._failureText || status >= 400 || status === -1) into.networkErrors++
        // A page is a top-level document navigation (Sec-Fetch-Mode: navigate, Sec-Fetch-Dest: document).
        const headers = new Map((e.snapshot?.request?.headers ?? []).map((h) => [String(h.name).toLowerCase(), h.value]))
        const url = e.snapshot?.request?.url
        if (url && headers.get('sec-fetch-mode') === 'navigate' && headers.get('sec-fetch-dest') === 'document' && !into.pages.includes(url) && into.pages.length < 50) {
          into.pages.push(url)
          const t = e.snapshot?.timings ?? {}
          const ttfb = ['blocked', 'dns', 'connect', 'send', 'wait'].reduce((sum, k) => sum + Math.max(0, Number(t[k] ?? 0)), 0)
          if (Number.isFinite(ttfb) && t.wait !== undefined && t.wait >= 0) into.ttfb[url] = Math.round(ttfb * 1000) / 1000
        }
        continue
      }
      if (e.type === 'console') {
        if (e.messageType === 'error') into.consoleErrors++
        if (into.consoleLines.length < MAX_LINES) into.consoleLines.push(`[browser ${e.messageType ?? 'log'}] ${String(e.text ?? '').slice(0, 1000)}`)
      } else if (e.type === 'event' && e.method === 'pageError') {
        const error = e.params?.error
        into.pageErrors.push(String(error?.error?.message ?? e.params?.message ?? 'Uncaught error in the page').slice(0, 1000))
      }
    }
  }
  return into
}
