/**
 * A client of an OpenAI-compatible chat-completions endpoint (POST {base}/chat/completions) with tool calling:
 * what agentic checks and root-cause analyses talk to. Local model servers (llama.cpp, Ollama, vLLM) and hosted
 * ones speak the same shape. A failure is a ModelError whose message says what went wrong and where, without
 * the API key.
 */

export interface ModelEndpoint {
  /** Base URL, e.g. http://127.0.0.1:8080/v1. */
  url: string
  model: string
  apiKey: string | null
}

export interface ToolCall {
  id: string
  type: 'function'
  function: { name: string; arguments: string }
}

export type ChatMessage =
  { role: 'system' | 'user'; content: string } | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] } | { role: 'tool'; tool_call_id: string; content: string }

export interface ChatTool {
  type: 'function'
  function: { name: string; description: string; parameters: Record<string, unknown> }
}

export interface ChatRequest {
  messages: ChatMessage[]
  tools?: ChatTool[]
  /** Tokens the reply may use at most. */
  maxTokens?: number
  /** Ask for a JSON object as the reply (servers that do not support it ignore it). */
  json?: boolean
}

export interface ChatReply {
  content: string | null
  toolCalls: ToolCall[]
  /** Tokens the request and reply used, as the server counted them (0 when it does not say). */
  totalTokens: number
}

export class ModelError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ModelError'
  }
}

const causeOf = (err: unknown): string => {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause
  if (cause && typeof cause.code === 'string') return cause.code
  if (cause && typeof cause.message === 'string') return cause.message
  return err instanceof Error ? err.message : String(err)
}

function parseToolCalls(raw: unknown): ToolCall[] {
  if (!Array.isArray(raw)) return []
  const out: ToolCall[] = []
  raw.forEach((c: unknown, i) => {
    const call = c as { id?: unknown; function?: { name?: unknown; arguments?: unknown } } | null
    const name = call?.function?.name
    if (typeof name !== 'string') return
    const args = call?.function?.arguments
    out.push({
      id: typeof call?.id === 'string' && call.id !== '' ? call.id : `call_${i}`,
      type: 'function',
      function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) },
    })
  })
  return out
}

/** One chat completion; throws ModelError when the endpoint cannot be reached, refuses, times out or answers nonsense. */
export async function chatCompletion(endpoint: ModelEndpoint, request: ChatRequest, options: { timeoutMs: number; signal?: AbortSignal }): Promise<ChatReply> {
  const url = `${endpoint.url}/chat/completions`
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]
  const body = {
    model: endpoint.model,
    messages: request.messages,
    ...(request.tools && request.tools.length > 0 ? { tools: request.tools, tool_choice: 'auto' } : {}),
    ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
    ...(request.json ? { response_format: { type: 'json_object' } } : {}),
  }
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.any(signals),
    })
  } catch (err) {
    const why = (err as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : causeOf(err)
    throw new ModelError(`The model endpoint ${url} could not be reached: ${why}`)
  }
  const text = await response.text().catch(() => '')
  if (!response.ok) throw new ModelError(`The model endpoint ${url} answered ${response.status}: ${text.slice(0, 300)}`)
  let parsed: { choices?: Array<{ message?: { content?: unknown; tool_calls?: unknown } }>; usage?: { total_tokens?: unknown } }
  try {
    parsed = JSON.parse(text) as typeof parsed
  } catch {
    throw new ModelError(`The model endpoint ${url} answered with something that is not JSON: ${text.slice(0, 200)}`)
  }
  const message = parsed.choices?.[0]?.message
  if (!message) throw new ModelError(`The model endpoint ${url} answered without a message (no choices)`)
  const total = parsed.usage?.total_tokens
  return {
    content: typeof message.content === 'string' ? message.content : null,
    toolCalls: parseToolCalls(message.tool_calls),
    totalTokens: typeof total === 'number' && Number.isFinite(total) ? total : 0,
  }
}
