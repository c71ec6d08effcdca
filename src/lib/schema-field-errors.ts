/**
 * JSON-schema (Ajv) errors as the API reports them: one reason per offending field, named as people write it
 * (`request.assertions[0].source`). Used by the API's validation and by services that validate documents against
 * the same schemas (a project's deploy).
 */
import type { ErrorObject } from 'ajv'
import { patternSentence, type PatternSchema } from './pattern-sentence.js'

/** `/request/assertions/0/source` → `request.assertions[0].source` */
export function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  if (extra) parts.push(extra)
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '')
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
}

const FORMAT_WORDS: Record<string, string> = {
  uri: 'a valid URL such as https://example.com',
  url: 'a valid URL such as https://example.com',
  email: 'a valid e-mail address',
  date: 'a valid date such as 2026-01-31',
  'date-time': 'a valid date and time such as 2026-01-31T12:00:00Z',
  time: 'a valid time such as 12:00:00',
  uuid: 'an id such as 3f1c2b9e-7a4d-4c1e-9b2f-5d6e7f8a9b0c',
  ipv4: 'an IPv4 address such as 192.0.2.1',
  ipv6: 'an IPv6 address such as 2001:db8::1',
  hostname: 'a host name such as example.com',
}

const entries = (n: number): string => (n === 1 ? 'one entry' : `${n} entries`)
const shown = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v))

/**
 * A sentence about the field for each keyword a schema can fail on: a person reads it under the field, so it says
 * what is allowed in words (never the validator's "must be >= 1" or a regular expression).
 */
function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  const limit = Number(p.limit)
  switch (e.keyword) {
    case 'required':
      return 'is required'
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).map(shown).join(', ')}`
    case 'const':
      return `must be ${shown(p.allowedValue)}`
    case 'type':
      return `must be ${String(p.type)
        .split(',')
        .map((t) => TYPE_WORDS[t] ?? t)
        .join(' or ')}`
    case 'maxLength':
      return `must be at most ${limit} characters long`
    case 'minLength':
      return limit === 1 ? 'must not be empty' : `must be at least ${limit} characters long`
    case 'maxItems':
      return `must have at most ${entries(limit)}`
    case 'minItems':
      return `must have at least ${entries(limit)}`
    case 'maxProperties':
      return `must have at most ${entries(limit)}`
    case 'minProperties':
      return `must have at least ${entries(limit)}`
    case 'uniqueItems': {
      const [first, second] = [Number(p.i), Number(p.j)].sort((a, b) => a - b)
      return `must not list the same entry twice (entries ${Number(first) + 1} and ${Number(second) + 1} are the same)`
    }
    case 'not':
      // A property schema of `{not: {}}` is how bodies mark an option that exists elsewhere but is not supported here.
      return 'is not a supported option'
    case 'false schema':
      return 'is not allowed here'
    case 'minimum':
      return `must be at least ${String(p.limit)}`
    case 'maximum':
      return `must be at most ${String(p.limit)}`
    case 'exclusiveMinimum':
      return `must be more than ${String(p.limit)}`
    case 'exclusiveMaximum':
      return `must be less than ${String(p.limit)}`
    case 'multipleOf':
      return `must be a multiple of ${String(p.multipleOf)}`
    case 'pattern':
      return patternSentence(String(p.pattern), e.parentSchema as PatternSchema | undefined)
    case 'format':
      return `must be ${FORMAT_WORDS[String(p.format)] ?? `a valid ${String(p.format)}`}`
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a known field'
    case 'propertyNames':
      return `has a name that is not allowed (${shown(p.propertyName)})`
    case 'dependencies':
    case 'dependentRequired':
      return `is required when ${String(p.property)} is given`
    case 'oneOf':
      return Array.isArray(p.passingSchemas) ? 'matches more than one of the allowed forms; give only one' : 'does not match any of the allowed forms'
    case 'anyOf':
      return 'does not match any of the allowed forms'
    case 'contains':
      return 'does not contain an allowed entry'
    default:
      return 'is not valid'
  }
}

/** The field an error is about: a missing or unknown property is named itself, not the object holding it. */
function errorField(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  if (e.keyword === 'required') return fieldPath(e.instancePath, String(p.missingProperty))
  if (e.keyword === 'additionalProperties') return fieldPath(e.instancePath, String(p.additionalProperty))
  if (e.keyword === 'unevaluatedProperties') return fieldPath(e.instancePath, String(p.unevaluatedProperty))
  if (e.keyword === 'dependentRequired' || e.keyword === 'dependencies') return fieldPath(e.instancePath, String(p.missingProperty))
  return fieldPath(e.instancePath)
}

/**
 * One reason per offending field. For nullable fields (anyOf [T, null]) the "must be null" branch and the anyOf
 * summary are dropped so that the real reason (e.g. "must be at most 500 characters long") is the one reported.
 */
export function fieldErrors(errors: ErrorObject[], prefix = ''): Record<string, string> {
  const byField = new Map<string, ErrorObject[]>()
  for (const e of errors) {
    const field = errorField(e)
    const key = prefix && field ? `${prefix}${field}` : field || prefix.replace(/\.$/, '') || 'body'
    byField.set(key, [...(byField.get(key) ?? []), e])
  }
  const isNullBranch = (e: ErrorObject) => e.keyword === 'anyOf' || (e.keyword === 'type' && (e.params as { type: string }).type === 'null')
  const fields = [...byField.keys()]
  const out: Record<string, string> = {}
  for (const [field, list] of byField) {
    const useful = list.filter((e) => !isNullBranch(e))
    // A nullable field whose real problem is inside it (e.g. locations[0]) reports only the inner field.
    if (useful.length === 0 && fields.some((f) => f.startsWith(`${field}.`) || f.startsWith(`${field}[`))) continue
    // A union of constants fails each of them: one sentence lists them all, rather than naming the first.
    const consts = useful.filter((e) => e.keyword === 'const')
    if (consts.length > 1) {
      out[field] = `must be one of: ${consts.map((e) => shown((e.params as { allowedValue: unknown }).allowedValue)).join(', ')}`
      continue
    }
    const chosen = useful.find((e) => e.keyword !== 'type') ?? useful[0] ?? list[0]
    if (chosen) out[field] = describe(chosen)
  }
  return out
}
