/**
 * A scripted OpenAI-compatible chat-completions server on loopback (port 0): each POST /v1/chat/completions is
 * answered by the test's script with a message or tool calls, and every request body is kept, so that a test can
 * assert on what the model was sent (a secret must never be in it).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ScriptedReply {
  content?: string | null
  toolCalls?: Array<{ name: string; args: Record<string, unknown> }>
  /** total_tokens reported (default 100). */
  tokens?: number
}

export interface ModelRequestBody {
  model: string
  messages: Array<{ role: string; content: string | null; tool_calls?: unknown[] }>
  tools?: Array<{ function: { name: string } }>
  response_format?: unknown
}

export interface ScriptedModel {
  /** Base URL, ending in /v1. */
  url: string
  /** Raw request bodies, in order. */
  raw: string[]
  bodies: ModelRequestBody[]
  /** Authorization headers received. */
  authorizations: Array<string | undefined>
  close(): Promise<void>
}

export const call = (name: string, args: Record<string, unknown>) => ({ name, args })

export async function startScriptedModel(script: (body: ModelRequestBody, turn: number) => ScriptedReply): Promise<ScriptedModel> {
  const raw: string[] = []
  const bodies: ModelRequestBody[] = []
  const authorizations: Array<string | undefined> = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end()
        return
      }
      const text = Buffer.concat(chunks).toString('utf8')
      raw.push(text)
      authorizations.push(req.headers.authorization)
      const body = JSON.parse(text) as ModelRequestBody
      bodies.push(body)
      const reply = script(body, bodies.length)
      const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({
        id: `call_${bodies.length}_${i}`,
        type: 'function',
        function: { name: c.name, arguments: JSON.stringify(c.args) },
      }))
      const message = { role: 'assistant', content: reply.content ?? null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, message, finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop' }],
          usage: { total_tokens: reply.tokens ?? 100 },
        }),
      )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/v1`,
    raw,
    bodies,
    authorizations,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A base URL where nothing listens (a port that was just free): the endpoint is down. */
export async function downModelUrl(): Promise<string> {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/v1`
}
