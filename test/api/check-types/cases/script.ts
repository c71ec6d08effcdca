/**
 * BROWSER and MULTI_STEP checks: a Playwright script with its dependencies and environment. They share their fields,
 * so one row builder serves both, each at its own path and with its own checkType; neither runs more often than once a minute.
 */
import { DEFAULT_ALERT_SETTINGS, envVars, type Json } from '../../../helpers/check-contract.js'
import type { CheckTypeCase, Reject } from '../check-type-case.js'

interface ScriptType {
  label: string
  segment: string
  checkType: string
  name: string
  description: string
  script: string
  otherSegment: string
}

function scriptCase(v: ScriptType): CheckTypeCase {
  const minimal = (extra: Json = {}): Json => ({ name: v.name, script: v.script, ...extra })
  return {
    label: v.label,
    segment: v.segment,
    checkType: v.checkType,
    minimal: minimal(),
    defaults: { matches: { name: v.name, script: v.script, retryStrategy: null, scriptPath: null, sslCheckDomain: null, dependencies: [] } },
    frequencies: {
      accepts: [[60, 42]],
      spreads: [
        [1, 10],
        [1440, 24],
      ],
      rejectsOffset: [
        ['offset 0', { frequencyOffset: 0 }],
        ['frequency 10 with offset 101', { frequency: 10, frequencyOffset: 101 }],
        ['frequency 1 with offset 11', { frequency: 1, frequencyOffset: 11 }],
        ['frequency 120 with offset 3', { frequency: 120, frequencyOffset: 3 }],
      ],
      rejectsFrequency: [0, 3, '10'],
    },
    accepts: [
      [
        'returns the given optional fields',
        minimal({
          activated: false,
          muted: true,
          doubleCheck: false,
          shouldFail: true,
          locations: ['eu-west-1', 'us-east-1'],
          tags: ['web', 'critical'],
          description: v.description,
          frequency: 60,
          frequencyOffset: 42,
          runtimeId: '2025.04',
          runParallel: true,
          useGlobalAlertSettings: false,
          alertSettings: { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 3 }, reminders: { amount: 2, interval: 10 } },
          scriptPath: 'tests/home.spec.ts',
          sslCheckDomain: 'www.example.com',
          dependencies: [{ path: 'helpers/login.ts', content: 'export const login = () => 1' }],
          groupOrder: 0,
        }),
        {
          matches: {
            checkType: v.checkType,
            activated: false,
            muted: true,
            doubleCheck: false,
            shouldFail: true,
            locations: ['eu-west-1', 'us-east-1'],
            tags: ['web', 'critical'],
            description: v.description,
            frequency: 60,
            frequencyOffset: 42,
            runtimeId: '2025.04',
            runParallel: true,
            useGlobalAlertSettings: false,
            scriptPath: 'tests/home.spec.ts',
            sslCheckDomain: 'www.example.com',
            dependencies: [{ path: 'helpers/login.ts', content: 'export const login = () => 1' }],
            groupOrder: 0,
          },
          equals: { alertSettings: { ...DEFAULT_ALERT_SETTINGS, runBasedEscalation: { failedRunThreshold: 3 }, reminders: { amount: 2, interval: 10 } } },
        },
      ],
      [
        'defaults environment variable entries to locked false and secret false, and never returns a secret value',
        minimal({
          environmentVariables: [
            { key: 'BASE_URL', value: 'https://example.com' },
            { key: '_TOKEN', value: 's3cret', locked: true, secret: true },
          ],
        }),
        {
          equals: {
            environmentVariables: [
              { key: 'BASE_URL', value: 'https://example.com', locked: false, secret: false },
              { key: '_TOKEN', value: null, locked: true, secret: true },
            ],
          },
        },
      ],
      [
        'treats null lists on create as empty',
        minimal({ environmentVariables: null, locations: null, tags: null, dependencies: null }),
        { matches: { environmentVariables: [], locations: [], tags: [], dependencies: [] } },
      ],
      [
        'accepts 50 environment variables',
        minimal({ environmentVariables: envVars(50) }),
        { equals: { 'environmentVariables.length': 50, 'environmentVariables.49': { key: 'VAR_49', value: 'value 49', locked: false, secret: false } } },
      ],
      ['accepts a description of 500 characters', minimal({ description: 'x'.repeat(500) }), { equals: { description: 'x'.repeat(500) } }],
    ],
    rejects: [
      ['a missing name', { script: v.script }, 'name', 'is required'],
      ['a missing script', { name: 'no script' }, 'script', 'is required'],
      ['an empty script', minimal({ script: '' }), 'script', 'is required and must not be empty'],
      ['frequency 0 with offset 10', minimal({ frequency: 0, frequencyOffset: 10 }), 'frequency', 'must be one of'],
      ['environmentVariables with 51 entries', minimal({ environmentVariables: envVars(51) }), 'environmentVariables', 'must have at most 50 entries'],
      ...(
        [
          ['1ST', 'not starting with a digit'],
          ['MY-VAR', 'not starting with a digit'],
          ['has space', 'not starting with a digit'],
          ['', 'must not be empty'],
        ] as const
      ).map(([key, why]): Reject => [
        `the environment variable key ${JSON.stringify(key)}`,
        minimal({ environmentVariables: [{ key, value: 'x' }] }),
        'environmentVariables[0].key',
        why,
      ]),
      ['an environment variable without value', minimal({ environmentVariables: [{ key: 'A' }] }), 'environmentVariables[0].value', 'is required'],
      ['a description of 501 characters', minimal({ description: 'x'.repeat(501) }), 'description', 'must be at most 500 characters long'],
      ['groupOrder -1', minimal({ groupOrder: -1 }), 'groupOrder', 'must be at least 0'],
      ['location mars-north-1', minimal({ locations: ['mars-north-1'] }), 'locations[0]', 'must be one of'],
      ['runtimeId 2019.01', minimal({ runtimeId: '2019.01' }), 'runtimeId', 'must be one of'],
      ['a dependency without path', minimal({ dependencies: [{ content: 'x' }] }), 'dependencies[0].path', 'is required'],
      ['a dependency without content', minimal({ dependencies: [{ path: 'a.ts' }] }), 'dependencies[0].content', 'is required'],
      ['several fields, naming every offending one at once', { name: 'x', frequency: 0, description: 'x'.repeat(501) }, ['script', 'frequency', 'description']],
    ],
    updates: [
      [
        'changes the given fields, keeps the absent ones and sets updated_at',
        minimal({ tags: ['a'], environmentVariables: [{ key: 'K', value: 'v' }], frequency: 30 }),
        [{ put: { name: 'Renamed', script: 'console.log(1)' }, changes: { name: 'Renamed', script: 'console.log(1)' } }],
      ],
      [
        'keeps lists when they are sent as null',
        minimal({ tags: ['keep'], environmentVariables: [{ key: 'K', value: 'v' }] }),
        [{ put: { tags: null, environmentVariables: null }, matches: { tags: ['keep'], environmentVariables: [{ key: 'K', value: 'v', locked: false, secret: false }] } }],
      ],
      ['accepts frequency 1 and keeps a valid offset', minimal({ frequency: 10, frequencyOffset: 5 }), [{ put: { frequency: 1 }, matches: { frequency: 1, frequencyOffset: 5 } }]],
      [
        'moves an offset that the new frequency no longer allows back into its range',
        minimal({ frequency: 10, frequencyOffset: 42 }),
        [{ put: { frequency: 120 }, equals: { frequency: 120 }, within: { frequencyOffset: [1, 2] } }],
      ],
    ],
    updateRejects: [
      ['frequency 0', { frequency: 0 }, 'frequency', 'must be one of'],
      ['an empty script', { script: '' }, 'script', 'is required and must not be empty'],
      ['environmentVariables with 51 entries', { environmentVariables: envVars(51) }, 'environmentVariables', 'must have at most 50 entries'],
      ['a description of 501 characters', { description: 'x'.repeat(501) }, 'description', 'must be at most 500 characters long'],
      ['frequencyOffset 500', { name: 'ok', frequencyOffset: 500 }, 'frequencyOffset', 'must be from 1 to 100'],
    ],
    roundTrip: minimal({
      tags: ['t'],
      locations: ['eu-west-1'],
      dependencies: [{ path: 'helpers/login.ts', content: 'export const login = () => 1' }],
      environmentVariables: [{ key: 'K', value: 'v' }],
    }),
    read: minimal({ tags: ['read'], description: v.description }),
    otherSegments: [v.otherSegment],
  }
}

export const browser = scriptCase({
  label: 'BROWSER checks',
  segment: 'browser',
  checkType: 'BROWSER',
  name: 'Browser check',
  description: 'Home page journey',
  script: "const { test } = require('@playwright/test')\ntest('home', async ({ page }) => { await page.goto('https://example.com') })",
  otherSegment: 'multistep',
})

export const multistep = scriptCase({
  label: 'MULTI_STEP checks',
  segment: 'multistep',
  checkType: 'MULTI_STEP',
  name: 'Multi-step check',
  description: 'Order API flow',
  script: "const { test, expect } = require('@playwright/test')\ntest('api', async ({ request }) => { expect((await request.get('https://example.com/api')).ok()).toBe(true) })",
  otherSegment: 'browser',
})
