/**
 * What a run's Playwright traces say about the pages (pure, line by line): the browser console, uncaught page
 * errors, the network requests and the pages visited. Traces are the one record Playwright keeps of the browser
 * itself, for Playwright Test and plain scripts alike. Reading the zips (with caps on what is unpacked) is
 * trace-reader.ts's job; everything kept here is bounded too.
 */
import { setOwn } from '../../lib/own-keys.js'

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
  /** Why the summary stopped before the end of the traces (a cap on what is unpacked), or null. */
  cut: string | null
}

interface TraceEvent {
  type?: string
  messageType?: string
  text?: string
  class?: string
  method?: string
  params?: { url?: string; error?: { error?: { message?: string }; value?: unknown }; message?: string }
  snapshot?: {
    request?: { url?: string; headers?: Array<{ name?: string; value?: string }> }
    response?: { status?: number }
    _failureText?: string
    timings?: Record<string, number>
  }
}

const MAX_LINES = 200
const MAX_PAGE_ERRORS = 200
const MAX_PAGES = 50

export function emptySummary(): TraceSummary {
  return { consoleLines: [], consoleErrors: 0, pageErrors: [], networkRequests: 0, networkErrors: 0, pages: [], ttfb: {}, cut: null }
}

/** The entries of a trace zip that hold events: `*.trace` (actions, console, page errors) and `*.network`. */
export const isEventEntry = (name: string): boolean => name.endsWith('.trace') || name.endsWith('.network')

// Only lines that can matter are parsed: most of a trace is DOM snapshots and actions.
const CONSOLE = Buffer.from('"console"')
const PAGE_ERROR = Buffer.from('"pageError"')
const RESOURCE = Buffer.from('"resource-snapshot"')

function parse(line: Uint8Array): TraceEvent | null {
  try {
    const event: unknown = JSON.parse(Buffer.from(line.buffer, line.byteOffset, line.byteLength).toString('utf8'))
    return event !== null && typeof event === 'object' ? (event as TraceEvent) : null
  } catch {
    return null // a torn last line of a trace cut short
  }
}

function addNetwork(into: TraceSummary, e: TraceEvent): void {
  if (e.type !== 'resource-snapshot') return
  into.networkRequests++
  const status = e.snapshot?.response?.status ?? 0
  if (e.snapshot?._failureText || status >= 400 || status === -1) into.networkErrors++
  // A page is a top-level document navigation (Sec-Fetch-Mode: navigate, Sec-Fetch-Dest: document).
  const headers = new Map((e.snapshot?.request?.headers ?? []).map((h) => [String(h.name).toLowerCase(), h.value]))
  const url = e.snapshot?.request?.url
  if (
    typeof url === 'string' &&
    headers.get('sec-fetch-mode') === 'navigate' &&
    headers.get('sec-fetch-dest') === 'document' &&
    !into.pages.includes(url) &&
    into.pages.length < MAX_PAGES
  ) {
    into.pages.push(url)
    const t = e.snapshot?.timings ?? {}
    const ttfb = ['blocked', 'dns', 'connect', 'send', 'wait'].reduce((sum, k) => sum + Math.max(0, Number(t[k] ?? 0)), 0)
    if (Number.isFinite(ttfb) && t.wait !== undefined && t.wait >= 0) setOwn(into.ttfb, url, Math.round(ttfb * 1000) / 1000)
  }
}

/** Adds one line of the trace entry `entry` (its bytes, without the newline) to `into`. */
export function addTraceLine(into: TraceSummary, entry: string, line: Uint8Array): void {
  const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength)
  if (entry.endsWith('.network')) {
    if (bytes.includes(RESOURCE)) addNetwork(into, parse(bytes) ?? {})
    return
  }
  if (!bytes.includes(CONSOLE) && !bytes.includes(PAGE_ERROR)) return
  const e = parse(bytes)
  if (e?.type === 'console') {
    if (e.messageType === 'error') into.consoleErrors++
    if (into.consoleLines.length < MAX_LINES) into.consoleLines.push(`[browser ${e.messageType ?? 'log'}] ${String(e.text ?? '').slice(0, 1000)}`)
  } else if (e?.type === 'event' && e.method === 'pageError' && into.pageErrors.length < MAX_PAGE_ERRORS) {
    const error = e.params?.error
    into.pageErrors.push(String(error?.error?.message ?? e.params?.message ?? 'Uncaught error in the page').slice(0, 1000))
  }
}

/**
 * Splits a stream of bytes into lines, holding at most `maxLine` bytes of an unfinished line: a longer line is
 * dropped whole (it is a snapshot, never an event the summary reads).
 */
export class LineSplitter {
  private parts: Uint8Array[] = []
  private length = 0
  private skipping = false

  constructor(private readonly maxLine: number) {}

  private hold(piece: Uint8Array): void {
    if (this.skipping || piece.length === 0) return
    if (this.length + piece.length > this.maxLine) {
      this.skipping = true
      this.parts = []
      this.length = 0
      return
    }
    this.parts.push(piece)
    this.length += piece.length
  }

  private finish(): Uint8Array | null {
    const line = this.skipping || this.length === 0 ? null : this.parts.length === 1 ? (this.parts[0] ?? null) : Buffer.concat(this.parts, this.length)
    this.parts = []
    this.length = 0
    this.skipping = false
    return line
  }

  /** The lines `chunk` completes. */
  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = []
    for (let start = 0; ;) {
      const newline = chunk.indexOf(0x0a, start)
      if (newline === -1) {
        this.hold(chunk.subarray(start))
        return out
      }
      this.hold(chunk.subarray(start, newline))
      const line = this.finish()
      if (line) out.push(line)
      start = newline + 1
    }
  }

  /** The last line, when the stream did not end with a newline. */
  end(): Uint8Array[] {
    const line = this.finish()
    return line ? [line] : []
  }
}
