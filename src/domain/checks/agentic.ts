/**
 * Agentic check: a prompt in plain language and the conditions that must hold, carried out by a model that drives
 * a real browser with tools (navigate, click, type, select, read text, screenshot, wait, assert). Each run is
 * bounded in steps, model tokens and wall time. `{{NAME}}` in the prompt, the start URL or the conditions names a
 * variable: the model only ever sees the placeholder, the browser gets the value.
 */
import { Type } from 'typebox'
import type { CheckTypeDef, Doc } from './check-type.js'
import type { FieldErrorCollector } from '../errors.js'
import { commonFields } from './common-fields.js'
import { FREQUENCIES_NO_ZERO } from './enums.js'
import { IntEnum, Nullable } from './shared-schemas.js'

export const AGENTIC_LIMITS = {
  maxSteps: { min: 1, max: 100, default: 25 },
  maxTokens: { min: 1000, max: 2_000_000, default: 200_000 },
  /** Below the browser lane's lease, so a run always ends before another instance could take it again. */
  timeoutSeconds: { min: 10, max: 300, default: 180 },
} as const

const limit = (name: keyof typeof AGENTIC_LIMITS) => {
  const l = AGENTIC_LIMITS[name]
  return Type.Integer({ minimum: l.min, maximum: l.max, default: l.default })
}

const AgenticAssertionInput = Type.Object({
  condition: Type.String({ minLength: 1, maxLength: 1000, description: 'What must hold, in plain language.' }),
  expected: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'The value or state the condition requires, when it names one.' }))),
})

const AgenticLimits = Type.Object({
  maxSteps: Type.Optional(limit('maxSteps')),
  maxTokens: Type.Optional(limit('maxTokens')),
  timeoutSeconds: Type.Optional(limit('timeoutSeconds')),
})

const normalizeLimits = (v: unknown): Doc => {
  const l = (v ?? {}) as Doc
  return {
    maxSteps: l.maxSteps ?? AGENTIC_LIMITS.maxSteps.default,
    maxTokens: l.maxTokens ?? AGENTIC_LIMITS.maxTokens.default,
    timeoutSeconds: l.timeoutSeconds ?? AGENTIC_LIMITS.timeoutSeconds.default,
  }
}

function validateStartUrl(value: unknown, errors: FieldErrorCollector): void {
  if (typeof value !== 'string' || value.includes('{{')) return
  let url: URL | null = null
  try {
    url = new URL(value)
  } catch {
    url = null
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) errors.add('startUrl', 'must be an http:// or https:// URL')
}

export const agenticCheck = {
  checkType: 'AGENTIC',
  segment: 'agentic',
  frequencies: FREQUENCIES_NO_ZERO,
  required: [...(['name', 'prompt'] as const)],
  fields: {
    ...commonFields(IntEnum(FREQUENCIES_NO_ZERO, { default: 60 })),
    frequency: { schema: IntEnum(FREQUENCIES_NO_ZERO, { default: 60 }), default: () => 60 },
    prompt: { schema: Type.String({ minLength: 1, maxLength: 10_000 }) },
    startUrl: { schema: Nullable(Type.String({ minLength: 1, maxLength: 2048 })), default: () => null },
    assertions: {
      schema: Nullable(Type.Array(AgenticAssertionInput, { maxItems: 20 })),
      default: () => [],
      keepOnNull: true,
      normalize: (v) => ((v ?? []) as Doc[]).map((a) => ({ condition: a.condition, expected: a.expected ?? null })),
    },
    agentLimits: { schema: Nullable(AgenticLimits), default: () => normalizeLimits(undefined), normalize: normalizeLimits, keepOnNull: true },
  },
  validate(doc, errors) {
    if (typeof doc.prompt !== 'string' || doc.prompt.trim() === '') errors.add('prompt', 'is required and must not be empty')
    validateStartUrl(doc.startUrl, errors)
  },
} satisfies CheckTypeDef
