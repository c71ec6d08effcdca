/**
 * Pure: an agentic run's recorded steps as a timeline. A tool call and the result that follows it are one entry
 * (what the agent did and what it got back); the model's messages are entries of their own.
 */

export interface ToolEntry {
  kind: 'tool'
  /** The call's sequence number. */
  n: number
  name: string
  /** The call's input as `key: value` pairs, values as text. */
  input: Array<[string, string]>
  output: string | null
  at: string
}
export interface MessageEntry {
  kind: 'message'
  n: number
  text: string
  at: string
}
export type TimelineEntry = ToolEntry | MessageEntry

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
const asText = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v))

export function agentTimeline(steps: unknown): TimelineEntry[] {
  const list = Array.isArray(steps) ? steps.map(record) : []
  const out: TimelineEntry[] = []
  for (const s of list) {
    const n = typeof s.sequenceNumber === 'number' ? s.sequenceNumber : out.length + 1
    const at = asText(s.timestamp)
    if (s.type === 'message') out.push({ kind: 'message', n, text: asText(s.output), at })
    else if (s.type === 'tool_call') out.push({ kind: 'tool', n, name: asText(s.name), input: Object.entries(record(s.input)).map(([k, v]) => [k, asText(v)]), output: null, at })
    else if (s.type === 'tool_result') {
      const last = out[out.length - 1]
      // A result belongs to the call just before it of the same tool; one without its call stands alone.
      if (last?.kind === 'tool' && last.output === null && last.name === asText(s.name)) last.output = asText(s.output)
      else out.push({ kind: 'tool', n, name: asText(s.name), input: [], output: asText(s.output), at })
    }
  }
  return out
}
