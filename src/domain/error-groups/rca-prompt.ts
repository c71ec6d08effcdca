/**
 * What the model is asked about an error group (pure): the group's message, how often and since when it occurs,
 * and the evidence of its latest failing runs (error kind and message, timing phases, the end of the job log, the
 * browser trace's summary), bounded; and the reading of its answer, a JSON object, into the analysis shape. An
 * answer that is not such an object is still kept: its text becomes the root cause.
 */
import type { RcaAnalysis } from './rca-contract.js'

export interface RcaRun {
  startedAt: string
  location: string
  errorKind: string | null
  errorMessage: string | null
  responseTime: number
  timingPhases: Record<string, unknown>
  jobLog: string[]
  /** The browser trace's summary, or the type's details, bounded by the caller. */
  details: unknown
}

export interface RcaSubject {
  checkType: string
  checkName: string | null
  message: string
  occurrences: number | null
  firstSeen: string
  lastSeen: string
  userContext: string | null
  runs: RcaRun[]
}

const MAX_EVIDENCE_CHARS = 12_000
const LOG_LINES = 30

export const RCA_SYSTEM_PROMPT = [
  'You analyse failures of synthetic monitoring checks. From the evidence, explain the most likely root cause.',
  'Answer with one JSON object and nothing else, with these keys:',
  '"classification" (a short category in capitals, e.g. "INFRA ERROR", "APPLICATION ERROR", "TEST ERROR", "NETWORK ERROR"),',
  '"userImpact" (how the failure affects end users), "rootCause" (the underlying cause), "codeFix" (a code or configuration change, or null),',
  '"evidence" (a list of {"artifacts": [{"name", "type"}], "description"} naming what supports the analysis, e.g. name "TIMING_PHASES" type "TIMINGS"),',
  '"referenceLinks" (a list of {"url", "title"}, may be empty).',
].join(' ')

export function rcaUserMessage(s: RcaSubject): string {
  const head = [
    `Check type: ${s.checkType}${s.checkName ? `, name: ${s.checkName}` : ''}`,
    `Error: ${s.message}`,
    `Seen ${s.occurrences ?? 'several'} time(s), first ${s.firstSeen}, last ${s.lastSeen}`,
    ...(s.userContext ? [`Context from the user: ${s.userContext}`] : []),
  ].join('\n')
  const runs = s.runs.map((r, i) =>
    [
      `Run ${i + 1} at ${r.startedAt} from ${r.location}: ${r.errorKind ?? 'no kind'}: ${r.errorMessage ?? ''}`,
      `Response time ${r.responseTime} ms; timing phases ${JSON.stringify(r.timingPhases)}`,
      r.jobLog.length > 0 ? `Log (last lines):\n${r.jobLog.slice(-LOG_LINES).join('\n')}` : 'No log',
      `Details: ${JSON.stringify(r.details)}`,
    ].join('\n'),
  )
  const evidence = runs.join('\n\n')
  return `${head}\n\nEvidence from the latest failing runs:\n${evidence.length > MAX_EVIDENCE_CHARS ? `${evidence.slice(0, MAX_EVIDENCE_CHARS)}…` : evidence}`
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/** The JSON object in an answer (models sometimes wrap it in a code fence or prose). */
function jsonIn(answer: string): Record<string, unknown> | null {
  const start = answer.indexOf('{')
  const end = answer.lastIndexOf('}')
  if (start < 0 || end <= start) return null
  try {
    const v: unknown = JSON.parse(answer.slice(start, end + 1))
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export function parseRcaAnswer(answer: string): RcaAnalysis {
  const o = jsonIn(answer)
  if (!o)
    return {
      classification: 'UNCLASSIFIED',
      userImpact: 'Unknown',
      rootCause: answer.trim().slice(0, 10_000) || 'The model gave no analysis',
      codeFix: null,
      evidence: null,
      referenceLinks: null,
    }
  const evidence = Array.isArray(o.evidence)
    ? o.evidence.flatMap((e: unknown) => {
        const d = (e ?? {}) as Record<string, unknown>
        const description = text(d.description)
        if (!description) return []
        const artifacts = Array.isArray(d.artifacts)
          ? d.artifacts.flatMap((a: unknown) => {
              const x = (a ?? {}) as Record<string, unknown>
              const name = text(x.name)
              return name ? [{ name, type: text(x.type) ?? 'OTHER' }] : []
            })
          : []
        return [{ artifacts, description }]
      })
    : null
  const links = Array.isArray(o.referenceLinks)
    ? o.referenceLinks.flatMap((l: unknown) => {
        const x = (l ?? {}) as Record<string, unknown>
        const url = text(x.url)
        return url && /^https?:\/\//.test(url) ? [{ url, title: text(x.title) ?? url }] : []
      })
    : null
  return {
    classification: text(o.classification) ?? 'UNCLASSIFIED',
    userImpact: text(o.userImpact) ?? 'Unknown',
    rootCause: text(o.rootCause) ?? 'The model gave no root cause',
    codeFix: text(o.codeFix),
    evidence,
    referenceLinks: links,
  }
}
