/**
 * The conversation of one agentic run: the model is told the task, the conditions and the page, and answers with
 * tool calls, which run in the browser; their results go back, masked and bounded, until the model calls
 * `finish` (or answers without a tool call) or a limit ends the run: steps (model turns), tokens (as the endpoint
 * counts them) and wall time. Every tool call, its result and every message of the model is recorded as a step.
 */
import { chatCompletion, ModelError, type ChatMessage, type ModelEndpoint } from '../../lib/chat-completions.js'
import { describePage, runTool, type ToolSession } from './browser-tools.js'
import { AGENT_TOOLS } from './model-tools.js'
import { fillInput } from './placeholders.js'
import type { AgentEnd, AgenticStep, DeclaredCondition } from './verdict.js'

export interface AgentLimits {
  maxSteps: number
  maxTokens: number
  /** Epoch ms by which the run ends, timeoutMs after it started. */
  deadline: number
  timeoutMs: number
}

export interface AgentTask {
  prompt: string
  startUrl: string | null
  conditions: readonly DeclaredCondition[]
}

export interface AgentOutcome {
  end: AgentEnd
  steps: AgenticStep[]
  tokens: number
  modelTurns: number
}

/** Tokens the model may use for one reply. */
const REPLY_TOKENS = 2048
const MAX_STEPS_RECORDED = 1000
const STEP_OUTPUT_CHARS = 4000

function systemPrompt(task: AgentTask, names: readonly string[]): string {
  const conditions =
    task.conditions.length > 0
      ? task.conditions.map((c, i) => `${i + 1}. ${c.condition}${c.expected ? ` (expected: ${c.expected})` : ''}`).join('\n')
      : '(none: judge the task itself)'
  return [
    'You are a synthetic monitoring agent. You carry out a task in a real web browser with the tools you are given, then judge the conditions.',
    'Rules: use one tool at a time; read the page before you act on it; for each condition call `assert` with its number, whether it held and what you saw; then call `finish` with a short summary.',
    names.length > 0
      ? `Variables: ${names.map((n) => `{{${n}}}`).join(', ')}. You never see their values: pass the placeholder as it is (for example as the value to type) and the browser gets the value.`
      : 'There are no variables.',
    `Conditions:\n${conditions}`,
  ].join('\n\n')
}

const parseArgs = (raw: string): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(raw || '{}')
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export async function runAgent(
  endpoint: ModelEndpoint,
  task: AgentTask,
  session: ToolSession,
  limits: AgentLimits,
  now: () => number,
  signal?: AbortSignal,
): Promise<AgentOutcome> {
  const steps: AgenticStep[] = []
  const p = session.placeholders
  const record = (step: Omit<AgenticStep, 'timestamp' | 'sequenceNumber'>) => {
    if (steps.length >= MAX_STEPS_RECORDED) return
    const output = step.output !== undefined && step.output.length > STEP_OUTPUT_CHARS ? `${step.output.slice(0, STEP_OUTPUT_CHARS)}…` : step.output
    steps.push({ ...step, ...(output === undefined ? {} : { output }), timestamp: new Date(now()).toISOString(), sequenceNumber: steps.length + 1 })
  }
  let tokens = 0
  let turns = 0
  const done = (end: AgentEnd): AgentOutcome => ({ end, steps, tokens, modelTurns: turns })

  let opening = ''
  if (task.startUrl) {
    const input = { url: task.startUrl }
    record({ type: 'tool_call', name: 'navigate', input })
    const output = await runTool('navigate', fillInput(input, p) as Record<string, unknown>, session)
    record({ type: 'tool_result', name: 'navigate', output })
    opening = `\n\nThe browser opened ${task.startUrl}:\n${output}`
  } else {
    opening = `\n\nThe browser shows:\n${await describePage(session)}`
  }
  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt(task, p.names) },
    { role: 'user', content: `${p.mask(task.prompt)}${opening}` },
  ]

  while (true) {
    if (turns >= limits.maxSteps) return done({ kind: 'steps', limit: limits.maxSteps })
    if (tokens >= limits.maxTokens) return done({ kind: 'tokens', limit: limits.maxTokens, used: tokens })
    const left = limits.deadline - now()
    if (left <= 0) return done({ kind: 'time', limitMs: limits.timeoutMs })
    turns++
    let reply
    try {
      reply = await chatCompletion(
        endpoint,
        { messages, tools: AGENT_TOOLS, maxTokens: Math.min(REPLY_TOKENS, limits.maxTokens - tokens) },
        { timeoutMs: left, ...(signal ? { signal } : {}) },
      )
    } catch (err) {
      if (limits.deadline - now() <= 0) return done({ kind: 'time', limitMs: limits.timeoutMs })
      return done({ kind: 'model', message: err instanceof ModelError ? err.message : `The model call failed: ${String(err)}` })
    }
    tokens += reply.totalTokens
    if (reply.content) record({ type: 'message', output: reply.content })
    messages.push({ role: 'assistant', content: reply.content, ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls } : {}) })
    // A reply without a tool call is the model's last word: its text is the summary.
    if (reply.toolCalls.length === 0) {
      session.finished ??= { summary: reply.content ?? '', suggestions: [] }
      return done({ kind: 'finished' })
    }
    for (const call of reply.toolCalls) {
      const input = parseArgs(call.function.arguments)
      record({ type: 'tool_call', name: call.function.name, input })
      const output = await runTool(call.function.name, fillInput(input, p) as Record<string, unknown>, session)
      record({ type: 'tool_result', name: call.function.name, output })
      messages.push({ role: 'tool', tool_call_id: call.id, content: output })
    }
    if (session.finished) return done({ kind: 'finished' })
  }
}
