/**
 * The record of an agentic run (the reference's CheckResultAgentic: steps, assertions, suggestions) and its verdict
 * (pure): every condition of the check gets the agent's verdict, and one the agent never judged fails, since
 * nobody saw it hold. The run fails when a condition failed or when the run ended before the agent finished.
 */

export interface AgenticStep {
  type: 'tool_call' | 'tool_result' | 'message'
  name?: string
  input?: Record<string, unknown>
  output?: string
  timestamp: string
  sequenceNumber: number
}

export interface AgenticAssertionResult {
  condition: string
  passed: boolean
  actual: string
  expected: string
}

export interface AgenticSuggestion {
  summary: string
  prompt?: string
  promptReplacement?: string
  secrets?: string[]
  category?: 'credentials' | 'endpoint' | 'configuration'
}

export interface DeclaredCondition {
  condition: string
  expected: string | null
}

export interface RecordedVerdict {
  passed: boolean
  actual: string
  expected: string | null
}

/** Why the agent loop ended. */
export type AgentEnd =
  | { kind: 'finished' }
  | { kind: 'steps'; limit: number }
  | { kind: 'tokens'; limit: number; used: number }
  | { kind: 'time'; limitMs: number }
  | { kind: 'memory'; limitMb: number }
  | { kind: 'model'; message: string }
  | { kind: 'egress'; message: string }
  | { kind: 'browser'; message: string }

export const NOT_JUDGED = 'The agent gave no verdict on this condition'

export function assertionResults(declared: readonly DeclaredCondition[], recorded: ReadonlyMap<number, RecordedVerdict>): AgenticAssertionResult[] {
  return declared.map((d, i) => {
    const v = recorded.get(i + 1)
    return {
      condition: d.condition,
      passed: v?.passed ?? false,
      actual: v?.actual ?? NOT_JUDGED,
      expected: d.expected ?? v?.expected ?? d.condition,
    }
  })
}

export interface AgenticVerdict {
  status: 'passing' | 'failing'
  errorKind: 'ASSERTION' | 'TIMEOUT' | 'SCRIPT' | 'CONFIG' | 'INTERNAL' | null
  errorMessage: string | null
}

function endFailure(end: AgentEnd): AgenticVerdict | null {
  switch (end.kind) {
    case 'finished':
      return null
    case 'steps':
      return { status: 'failing', errorKind: 'SCRIPT', errorMessage: `The agent did not finish within its limit of ${end.limit} steps` }
    case 'tokens':
      return { status: 'failing', errorKind: 'SCRIPT', errorMessage: `The agent used ${end.used} model tokens, over its limit of ${end.limit}` }
    case 'time':
      return { status: 'failing', errorKind: 'TIMEOUT', errorMessage: `The agent did not finish within ${Math.round(end.limitMs / 1000)} s` }
    case 'memory':
      return { status: 'failing', errorKind: 'SCRIPT', errorMessage: `The run's browser used more than ${end.limitMb} MB of memory and was killed` }
    case 'model':
      return { status: 'failing', errorKind: 'INTERNAL', errorMessage: end.message }
    case 'egress':
      return { status: 'failing', errorKind: 'CONFIG', errorMessage: end.message }
    case 'browser':
      return { status: 'failing', errorKind: 'SCRIPT', errorMessage: end.message }
  }
}

export function decideAgenticVerdict(end: AgentEnd, assertions: readonly AgenticAssertionResult[]): AgenticVerdict {
  const stopped = endFailure(end)
  if (stopped) return stopped
  const failed = assertions.filter((a) => !a.passed)
  const first = failed[0]
  if (!first) return { status: 'passing', errorKind: null, errorMessage: null }
  const more = failed.length > 1 ? ` (and ${failed.length - 1} more failed condition${failed.length > 2 ? 's' : ''})` : ''
  return { status: 'failing', errorKind: 'ASSERTION', errorMessage: `Condition failed: ${first.condition}: ${first.actual}${more}` }
}
