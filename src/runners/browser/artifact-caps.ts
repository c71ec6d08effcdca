/**
 * How much of what a browser run leaves the service takes (pure). Every byte a run produces is hostile input, so
 * each kind of file has a size cap and a count cap, and a run has a cap on the total: the private-location
 * agent's largest upload (150 MB), so that what an agent keeps of a run is something the service accepts.
 * Traces are read to summarize them with caps of their own on what is unpacked.
 */
import type { ArtifactType } from '../contract.js'

const MB = 1024 * 1024

export interface ArtifactCaps {
  screenshotBytes: number
  screenshots: number
  traceBytes: number
  traces: number
  reportBytes: number
  /** All the artifacts of one run together. */
  runBytes: number
}

export const ARTIFACT_CAPS: ArtifactCaps = {
  screenshotBytes: 10 * MB,
  screenshots: 20,
  traceBytes: 50 * MB,
  traces: 50,
  reportBytes: 20 * MB,
  runBytes: 150 * MB,
}

/** The small files of a run the runner reads for itself (web vitals, degraded marks, a plain script's error). */
export const RUN_NOTE_BYTES = 4 * MB

export interface TraceReadCaps {
  /** Unpacked bytes of all the run's traces together; the summary stops there. */
  inflatedBytes: number
  /** Unpacked bytes of one entry of a trace zip. */
  entryBytes: number
  /** A longer line (a DOM snapshot) is skipped whole. */
  lineBytes: number
  /** Size of a zip's central directory read into memory. */
  directoryBytes: number
}

export const TRACE_READ_CAPS: TraceReadCaps = { inflatedBytes: 64 * MB, entryBytes: 48 * MB, lineBytes: 2 * MB, directoryBytes: 8 * MB }

/** Sizes as people read them: 1536 KB is "1.5 MB". */
export const megabytes = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`
const capText = (bytes: number): string => `${Math.round((bytes / MB) * 10) / 10} MB`

type Capped = Extract<ArtifactType, 'screenshot' | 'trace' | 'report'>
const PLURAL: Record<Capped, string> = { screenshot: 'screenshots', trace: 'traces', report: 'reports' }

/** What one run has taken so far, and what it left out for being past a count. */
export class ArtifactBudget {
  private readonly count: Record<Capped, number> = { screenshot: 0, trace: 0, report: 0 }
  private readonly extra: Record<Capped, number> = { screenshot: 0, trace: 0, report: 0 }
  private total = 0

  constructor(private readonly caps: ArtifactCaps = ARTIFACT_CAPS) {}

  private sizeCap(kind: Capped): number {
    return kind === 'screenshot' ? this.caps.screenshotBytes : kind === 'trace' ? this.caps.traceBytes : this.caps.reportBytes
  }

  private countCap(kind: Capped): number {
    return kind === 'screenshot' ? this.caps.screenshots : kind === 'trace' ? this.caps.traces : 1
  }

  /** Whether one more of `kind` may be kept; when not, it is counted for `notes`. */
  hasRoom(kind: Capped): boolean {
    if (this.count[kind] < this.countCap(kind)) return true
    this.extra[kind]++
    return false
  }

  /** Why a file of `kind` and `size` may not be kept, or null when it may. */
  refusal(kind: Capped, size: number): string | null {
    const cap = this.sizeCap(kind)
    if (size > cap) return `is ${megabytes(size)}, over the cap of ${capText(cap)} per ${kind}`
    if (this.total + size > this.caps.runBytes) return `is ${megabytes(size)} and would take the run's artifacts past their cap of ${capText(this.caps.runBytes)}`
    return null
  }

  /** Counts a kept file. */
  take(kind: Capped, size: number): void {
    this.count[kind]++
    this.total += size
  }

  /** One line per kind of which files were left out for being past the count. */
  notes(): string[] {
    return (Object.keys(this.extra) as Capped[])
      .filter((kind) => this.extra[kind] > 0)
      .map((kind) => `Artifacts left out: ${this.extra[kind]} more ${this.extra[kind] === 1 ? kind : PLURAL[kind]} past the cap of ${this.countCap(kind)} per run`)
  }
}
