/**
 * Builds the stored document of a check from a create or update body (pure).
 * The body's shape was validated against the type's schema; this applies defaults, merges updates and enforces
 * the cross-field rules, throwing one ValidationError that names every offending field (or, given a collector,
 * adding them to it and returning the document anyway, so that other rules can still look at it).
 */
import type { CheckTypeDef, Doc } from './check-type.js'
import type { BuiltCheck, StoredCheck } from './contract.js'
import { FieldErrorCollector } from '../errors.js'
import { defaultFrequencyOffset, frequencyOffsetProblem } from './frequency.js'
import { resolveEnvironmentVariables } from '../secrets/env-var-secrets.js'
import { validateResponseTimes } from './response-time-rules.js'

export interface BuildInput {
  def: CheckTypeDef
  id: string
  /** The body as sent, its shape already checked against the type's schema. */
  body: Readonly<Doc>
  existing?: StoredCheck
  /** Where the rules report; when given, nothing is thrown. */
  errors?: FieldErrorCollector
}

export function buildCheckDoc({ def, id, body, existing, errors: collector }: BuildInput): BuiltCheck {
  const errors = collector ?? new FieldErrorCollector()
  const doc: Doc = { ...(existing ?? {}) }
  for (const [name, spec] of Object.entries(def.fields)) {
    if (!(name in body)) continue
    const value = body[name]
    if (value === undefined) continue
    if (value === null && spec.keepOnNull) continue
    doc[name] = value
  }
  for (const [name, spec] of Object.entries(def.fields)) {
    if (doc[name] === undefined && spec.default) doc[name] = spec.default()
    if (spec.normalize && doc[name] !== null && doc[name] !== undefined && name in body) {
      doc[name] = spec.normalize(doc[name])
    }
  }
  // Fields with nested defaults are normalized on create even when absent from the body.
  if (!existing) {
    for (const [name, spec] of Object.entries(def.fields)) {
      if (spec.normalize && !(name in body) && doc[name] !== null && doc[name] !== undefined) doc[name] = spec.normalize(doc[name])
    }
  }
  // Entries get their defaults; a secret sent back without its value keeps the stored one (secrets/env-var-secrets).
  if ('environmentVariables' in def.fields && Array.isArray(body.environmentVariables)) {
    doc.environmentVariables = resolveEnvironmentVariables(body.environmentVariables, existing?.environmentVariables, errors)
  }
  // A type without retryStrategy (heartbeat) ignores it in the body, whatever it holds.
  if ('retryStrategy' in def.fields) validateRetryStrategyInput(body.retryStrategy, errors)
  resolveFrequencyOffset(doc, body, existing, id, errors)
  // Every type with both response-time thresholds judges them on the merged document (an update may change one).
  if ('degradedResponseTime' in def.fields && 'maxResponseTime' in def.fields) validateResponseTimes(doc, def.fields, errors)
  def.validate?.(doc, errors)
  if (!collector) errors.throwIfAny()
  // Complete by construction: the body passed the type's schema and every field with a default was filled above.
  return doc as BuiltCheck
}

function validateRetryStrategyInput(raw: unknown, errors: FieldErrorCollector): void {
  if (raw === null || typeof raw !== 'object') return
  const r = raw as Doc
  if (r.type === 'SINGLE_RETRY') {
    if (r.maxRetries !== undefined && r.maxRetries !== null && r.maxRetries !== 1) {
      errors.add('retryStrategy.maxRetries', 'is not allowed with type SINGLE_RETRY')
    }
  }
}

function resolveFrequencyOffset(doc: Doc, body: Doc, existing: Doc | undefined, id: string, errors: FieldErrorCollector): void {
  const frequency = Number(doc.frequency)
  const given = body.frequencyOffset
  if (typeof given === 'number') {
    const problem = frequencyOffsetProblem(frequency, given)
    if (problem) errors.add('frequencyOffset', problem)
    doc.frequencyOffset = given
    return
  }
  // An offset means the run interval when frequency is 0 and a spreading phase otherwise, so the stored one is kept
  // only while the frequency stays on the same side of that line (a spread offset of 30 must not become "every 30 s").
  const sameKind = existing !== undefined && (Number(existing.frequency) === 0) === (frequency === 0)
  const kept = given === undefined && sameKind ? existing.frequencyOffset : null
  if (typeof kept === 'number' && frequencyOffsetProblem(frequency, kept) === null) {
    doc.frequencyOffset = kept
    return
  }
  if (frequency === 0) {
    errors.add('frequencyOffset', 'is required when frequency is 0 and must be 10, 20 or 30 (the run interval in seconds)')
    return
  }
  doc.frequencyOffset = defaultFrequencyOffset(id, frequency)
}
