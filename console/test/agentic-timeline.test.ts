import { describe, expect, it } from 'vitest'
import { agentTimeline, type TimelineEntry } from '../src/pages/checks/check/agentic-timeline'

const at = '2026-11-28T05:00:00.000Z'
const step = (n: number, type: string, extra: Record<string, unknown> = {}) => ({ type, timestamp: at, sequenceNumber: n, ...extra })

describe('agentTimeline', () => {
  it.each<[string, unknown, TimelineEntry[]]>([
    ['no steps', undefined, []],
    ['not a list', { steps: 1 }, []],
    [
      'a call and its result are one entry',
      [step(1, 'tool_call', { name: 'navigate', input: { url: 'https://shop.example.com' } }), step(2, 'tool_result', { name: 'navigate', output: 'Opened' })],
      [{ kind: 'tool', n: 1, name: 'navigate', input: [['url', 'https://shop.example.com']], output: 'Opened', at }],
    ],
    [
      'a message stands alone, between calls',
      [step(1, 'message', { output: 'I will search.' }), step(2, 'tool_call', { name: 'read_text', input: {} }), step(3, 'tool_result', { name: 'read_text', output: 'Lamp 42' })],
      [
        { kind: 'message', n: 1, text: 'I will search.', at },
        { kind: 'tool', n: 2, name: 'read_text', input: [], output: 'Lamp 42', at },
      ],
    ],
    [
      'input values that are not text are shown as JSON',
      [step(1, 'tool_call', { name: 'assert', input: { index: 2, passed: false } })],
      [
        {
          kind: 'tool',
          n: 1,
          name: 'assert',
          input: [
            ['index', '2'],
            ['passed', 'false'],
          ],
          output: null,
          at,
        },
      ],
    ],
    [
      'a result of another tool than the call before it stands alone',
      [step(1, 'tool_call', { name: 'click', input: { selector: 'a' } }), step(2, 'tool_result', { name: 'type', output: 'Typed' })],
      [
        { kind: 'tool', n: 1, name: 'click', input: [['selector', 'a']], output: null, at },
        { kind: 'tool', n: 2, name: 'type', input: [], output: 'Typed', at },
      ],
    ],
    ['a step without a number takes its place in the list', [{ type: 'message', output: 'Done' }], [{ kind: 'message', n: 1, text: 'Done', at: '' }]],
  ])('%s', (_name, steps, expected) => {
    expect(agentTimeline(steps)).toEqual(expected)
  })
})
