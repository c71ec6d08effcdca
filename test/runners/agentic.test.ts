/**
 * Agentic checks against a local page, with a scripted OpenAI-compatible model on loopback and a real Chromium:
 * a passing run, a failing condition, a model that loops until the step limit, a model endpoint that is down, and
 * a secret that reaches the page but never the model.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agenticRunner } from '../../src/runners/agentic/runner.js'
import type { CheckRunSpec, RunResult } from '../../src/runners/contract.js'
import { CHROMIUM_PATH, HAS_CHROMIUM } from '../helpers/chromium.js'
import { call, downModelUrl, startScriptedModel, type ScriptedModel, type ScriptedReply, type ModelRequestBody } from '../helpers/model-server.js'
import { runDoc } from '../helpers/run-spec.js'

const PASSWORD = 'hunter2-Secret-Value'

interface AgenticDetails {
  summary: string | null
  assertions: Array<Record<string, unknown>>
  suggestions: Array<Record<string, unknown>>
  steps: Array<{ type: string; name?: string; sequenceNumber: number }>
}

/** A tiny shop: a sign-in form, and an order history that greets the user and (carelessly) echoes the password. */
function shop(): Promise<{ url: string; logins: string[]; close: () => Promise<void> }> {
  const logins: string[] = []
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x')
    res.setHeader('content-type', 'text/html')
    if (u.pathname === '/orders') {
      const ok = u.searchParams.get('password') === PASSWORD
      logins.push(u.searchParams.get('user') ?? '')
      res.end(ok ? `<h1>Order history</h1><p>Signed in as ${u.searchParams.get('user')} (${PASSWORD})</p><ul><li>Order #1001</li></ul>` : '<h1>Wrong password</h1>')
      return
    }
    res.end(
      '<h1>Sign in</h1><form action="/orders"><label for="u">User</label><input id="u" name="user"><label for="p">Password</label><input id="p" name="password" type="password"><button>Sign in</button></form>',
    )
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, logins, close: () => new Promise<void>((r) => server.close(() => r())) }),
    ),
  )
}

const spec = (fields: Record<string, unknown>, variables: Record<string, string> = {}): CheckRunSpec => ({
  checkId: 'c1',
  checkName: 'agentic',
  checkType: 'AGENTIC',
  doc: runDoc('AGENTIC', {
    prompt: 'Sign in with {{USER}} and {{PASSWORD}} and check the order history',
    assertions: [{ condition: 'The order history lists at least one order', expected: null }],
    ...fields,
  }),
  variables,
  scripts: { setup: [], teardown: [] },
})

const signIn: Array<ScriptedReply> = [
  { toolCalls: [call('type', { label: 'User', value: '{{USER}}' }), call('type', { label: 'Password', value: '{{PASSWORD}}' })] },
  { content: 'Submitting the form.', toolCalls: [call('click', { selector: 'button' })] },
]

const scripted = (verdict: ScriptedReply[]) => (_: ModelRequestBody, turn: number) => [...signIn, ...verdict][turn - 1] ?? { content: 'done' }

async function run(model: ScriptedModel | string, fields: Record<string, unknown>, variables: Record<string, string>): Promise<RunResult> {
  const url = typeof model === 'string' ? model : model.url
  const runner = agenticRunner({ model: { url, model: 'test-model', apiKey: 'sk-test' }, chromiumPath: CHROMIUM_PATH })
  const result = await runner.run(spec(fields, variables), { location: 'us-east-1', now: () => Date.now() })
  for (const a of result.artifacts ?? []) expect(existsSync(a.path)).toBe(true)
  await result.release?.()
  return result
}

describe.skipIf(!HAS_CHROMIUM)('agentic runner', () => {
  let site: Awaited<ReturnType<typeof shop>>
  beforeAll(async () => {
    site = await shop()
  })
  afterAll(async () => site.close())
  const variables = () => ({ USER: 'alice', PASSWORD })

  it('passes when the agent signs in and judges the condition held; the secret reaches the page, never the model', async () => {
    const model = await startScriptedModel(
      scripted([
        { toolCalls: [call('read_text', { selector: 'ul' }), call('screenshot', { name: 'orders' })] },
        {
          toolCalls: [
            call('assert', { index: 1, passed: true, actual: 'Order #1001 is listed' }),
            call('finish', { summary: 'Signed in and saw one order', suggestions: [{ summary: 'Also check the order total', category: 'configuration' }] }),
          ],
        },
      ]),
    )
    try {
      const result = await run(model, { startUrl: site.url }, variables())
      expect(result.status).toBe('passing')
      const d = result.details as unknown as AgenticDetails
      expect(d.assertions).toEqual([
        { condition: 'The order history lists at least one order', passed: true, actual: 'Order #1001 is listed', expected: 'The order history lists at least one order' },
      ])
      expect(d.summary).toBe('Signed in and saw one order')
      expect(d.suggestions).toEqual([{ summary: 'Also check the order total', category: 'configuration' }])
      expect(d.steps.map((s) => `${s.type}:${s.name ?? ''}`)).toContain('tool_call:click')
      expect(d.steps.map((s) => s.sequenceNumber)).toEqual(d.steps.map((_, i) => i + 1))
      expect(result.artifacts?.map((a) => a.type).sort()).toEqual(['screenshot', 'screenshot', 'trace'])
      expect(site.logins).toContain('alice')
      // The page showed the password; the model saw only its placeholder.
      const sent = model.raw.join('\n')
      expect(sent).not.toContain(PASSWORD)
      expect(sent).not.toContain('alice')
      expect(sent).toContain('Signed in as {{USER}} ({{PASSWORD}})')
      expect(JSON.stringify(d)).not.toContain(PASSWORD)
      expect(model.authorizations[0]).toBe('Bearer sk-test')
      expect(model.bodies[0]?.tools?.map((t) => t.function.name)).toEqual(['navigate', 'click', 'type', 'select', 'read_text', 'screenshot', 'wait', 'assert', 'finish'])
    } finally {
      await model.close()
    }
  })

  it('fails with the condition the agent saw fail, and one it never judged', async () => {
    const model = await startScriptedModel(
      scripted([
        { toolCalls: [call('assert', { index: 1, passed: false, actual: 'The list is empty', expected: 'at least one order' }), call('finish', { summary: 'No orders' })] },
      ]),
    )
    try {
      const result = await run(
        model,
        { startUrl: site.url, assertions: [{ condition: 'The order history lists at least one order' }, { condition: 'A logout link is shown' }] },
        variables(),
      )
      expect(result.status).toBe('failing')
      expect(result.errorKind).toBe('ASSERTION')
      expect(result.errorMessage).toBe('Condition failed: The order history lists at least one order: The list is empty (and 1 more failed condition)')
      const d = result.details as unknown as AgenticDetails
      expect(d.assertions[1]).toMatchObject({ condition: 'A logout link is shown', passed: false, actual: 'The agent gave no verdict on this condition' })
    } finally {
      await model.close()
    }
  })

  it('stops a model that never finishes at the step limit', async () => {
    const model = await startScriptedModel(() => ({ toolCalls: [call('wait', { ms: 1 })] }))
    try {
      const result = await run(model, { startUrl: site.url, agentLimits: { maxSteps: 3, maxTokens: 200_000, timeoutSeconds: 120 } }, variables())
      expect(result.status).toBe('failing')
      expect(result.errorKind).toBe('SCRIPT')
      expect(result.errorMessage).toBe('The agent did not finish within its limit of 3 steps')
      expect(model.bodies).toHaveLength(3)
    } finally {
      await model.close()
    }
  })

  it('stops at the token limit as the endpoint counts tokens', async () => {
    const model = await startScriptedModel(() => ({ toolCalls: [call('wait', { ms: 1 })], tokens: 1500 }))
    try {
      const result = await run(model, { startUrl: site.url, agentLimits: { maxSteps: 50, maxTokens: 4000, timeoutSeconds: 120 } }, variables())
      expect(result.errorMessage).toBe('The agent used 4500 model tokens, over its limit of 4000')
      expect(model.bodies).toHaveLength(3)
    } finally {
      await model.close()
    }
  })

  it('fails as our error, naming the endpoint, when the model endpoint is down', async () => {
    const url = await downModelUrl()
    const result = await run(url, { startUrl: site.url }, variables())
    expect(result.status).toBe('failing')
    expect(result.errorKind).toBe('INTERNAL')
    expect(result.hasErrors).toBe(true)
    expect(result.errorMessage).toBe(`The model endpoint ${url}/chat/completions could not be reached: ECONNREFUSED`)
  })
})
