/**
 * Agentic checks: a prompt and the conditions a model-driven browser must find true, with bounds on steps, tokens and
 * time. Created on a service with a model endpoint (the contract suite's app has one); never more often than once a minute.
 */
import type { Json } from '../../../helpers/check-contract.js'
import type { Accept, CheckTypeCase } from '../check-type-case.js'

const PROMPT = 'Open the shop, search for a lamp and check that it can be added to the cart'
// The minimal body names the frequency every contract row expects of a minimal check; the type's own default is an accept row.
const minimal = (extra: Json = {}): Json => ({ name: 'Agentic check', prompt: PROMPT, frequency: 10, ...extra })
const changed = (body: Json): Json => ({ name: 'Changed', ...body })

const LIMITS = { maxSteps: 25, maxTokens: 200_000, timeoutSeconds: 180 }

export const agentic: CheckTypeCase = {
  label: 'agentic checks',
  segment: 'agentic',
  checkType: 'AGENTIC',
  minimal: minimal(),
  defaults: { matches: { name: 'Agentic check', prompt: PROMPT, retryStrategy: null }, equals: { startUrl: null, assertions: [], agentLimits: LIMITS } },
  frequencies: {
    accepts: [
      [60, 42],
      [5, 50],
    ],
    spreads: [
      [1, 10],
      [1440, 24],
    ],
    rejectsOffset: [
      ['offset 0', { frequencyOffset: 0 }],
      ['frequency 1 with offset 11', { frequency: 1, frequencyOffset: 11 }],
    ],
    rejectsFrequency: [0, 3, '10'],
  },
  accepts: [
    [
      'stores a start URL, conditions with and without an expected value, and limits',
      minimal({
        startUrl: 'https://shop.example.com/',
        assertions: [{ condition: 'The cart shows one lamp', expected: '1' }, { condition: 'No error banner is shown' }],
        agentLimits: { maxSteps: 10, maxTokens: 50_000, timeoutSeconds: 60 },
      }),
      {
        matches: { checkType: 'AGENTIC' },
        equals: {
          startUrl: 'https://shop.example.com/',
          assertions: [
            { condition: 'The cart shows one lamp', expected: '1' },
            { condition: 'No error banner is shown', expected: null },
          ],
          agentLimits: { maxSteps: 10, maxTokens: 50_000, timeoutSeconds: 60 },
        },
      },
    ],
    ['runs hourly when no frequency is given', { name: 'Hourly', prompt: PROMPT }, { equals: { frequency: 60 } }],
    ['limits left out are the defaults', minimal({ agentLimits: { maxSteps: 5 } }), { equals: { agentLimits: { ...LIMITS, maxSteps: 5 } } }],
    ['null limits and conditions are the defaults', minimal({ agentLimits: null, assertions: null }), { equals: { agentLimits: LIMITS, assertions: [] } }],
    ...['http://127.0.0.1:8080/', '{{SHOP_URL}}/login'].map((startUrl): Accept => [`accepts the start URL ${startUrl}`, minimal({ startUrl }), { equals: { startUrl } }]),
    ['placeholders in the prompt', minimal({ prompt: 'Sign in as {{USER}} with {{PASSWORD}}' }), { equals: { prompt: 'Sign in as {{USER}} with {{PASSWORD}}' } }],
  ],
  rejects: [
    ['a missing prompt', { name: 'x' }, 'prompt', 'is required'],
    ['a blank prompt', minimal({ prompt: '   ' }), 'prompt', 'is required and must not be empty'],
    ['a prompt of 10,001 characters', minimal({ prompt: 'x'.repeat(10_001) }), 'prompt'],
    ['a start URL without http', minimal({ startUrl: 'ftp://shop.example.com' }), 'startUrl', 'must be an http:// or https:// URL'],
    ['a start URL that is no URL', minimal({ startUrl: 'shop' }), 'startUrl', 'must be an http:// or https:// URL'],
    ['a condition without text', minimal({ assertions: [{ condition: '' }] }), 'assertions[0].condition'],
    ['21 conditions', minimal({ assertions: Array.from({ length: 21 }, (_, i) => ({ condition: `c${i}` })) }), 'assertions'],
    ['0 steps', minimal({ agentLimits: { maxSteps: 0 } }), 'agentLimits.maxSteps'],
    ['101 steps', minimal({ agentLimits: { maxSteps: 101 } }), 'agentLimits.maxSteps'],
    ['999 tokens', minimal({ agentLimits: { maxTokens: 999 } }), 'agentLimits.maxTokens'],
    ['a 301 s timeout', minimal({ agentLimits: { timeoutSeconds: 301 } }), 'agentLimits.timeoutSeconds'],
    ['a name of 5', minimal({ name: 5 }), 'name', 'must be text'],
  ],
  updates: [
    [
      'changes the given fields and keeps the absent ones',
      minimal({ description: 'keep me', tags: ['a'], assertions: [{ condition: 'The cart shows one lamp' }] }),
      [
        {
          put: { name: 'Renamed', agentLimits: { maxSteps: 5 } },
          matches: { name: 'Renamed', description: 'keep me', tags: ['a'], prompt: PROMPT },
          equals: { agentLimits: { ...LIMITS, maxSteps: 5 }, assertions: [{ condition: 'The cart shows one lamp', expected: null }] },
        },
        { put: { startUrl: 'mailto:x@example.com' }, rejects: 'startUrl' },
      ],
    ],
  ],
  updateRejects: [
    ['a blank prompt', changed({ prompt: '' }), 'prompt'],
    ['a 5 s timeout', changed({ agentLimits: { timeoutSeconds: 5 } }), 'agentLimits.timeoutSeconds'],
  ],
  roundTrip: minimal({ startUrl: 'https://shop.example.com/', assertions: [{ condition: 'The cart shows one lamp', expected: '1' }], tags: ['t'] }),
  read: minimal({ startUrl: 'https://shop.example.com/', agentLimits: { maxSteps: 8 } }),
  otherSegments: ['browser', 'api'],
}
