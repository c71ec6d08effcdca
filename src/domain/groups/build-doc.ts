/**
 * Builds the stored document of a check group from a create or update body (pure). The body's shape was validated
 * against the schema; this applies defaults, merges an update into the stored document (fields left out keep their
 * value) and enforces the cross-field rules, throwing one ValidationError naming every offending field (or, given a
 * collector, adding them to it and returning the document anyway).
 */
import { FieldErrorCollector } from '../errors.js'
import { validateAssertions } from '../checks/assertion-rules.js'
import { validateHttpUrl } from '../checks/url-rules.js'
import { resolveEnvironmentVariables } from '../secrets/env-var-secrets.js'
import { sendsBackDefaults } from './answered-settings.js'
import { GROUP_FIELD_SPECS, type CheckGroupDoc, type CheckGroupUpdateBody, type GroupFieldSpec, type StoredCheckGroupDoc } from './schema.js'

type FieldName = keyof typeof GROUP_FIELD_SPECS
const isFieldName = (key: string): key is FieldName => Object.hasOwn(GROUP_FIELD_SPECS, key)
const FIELD_NAMES = Object.keys(GROUP_FIELD_SPECS).filter(isFieldName)

/**
 * The body's type is what its schema allows; a body that failed the schema is still built (so that one 400 names the
 * domain's problems too) and then refused, so the rules below read it defensively.
 */
export function buildGroupDoc(body: CheckGroupUpdateBody, existing?: StoredCheckGroupDoc, collector?: FieldErrorCollector): CheckGroupDoc {
  const fields: { [K in FieldName]?: unknown } = {}
  const keepsNoAlertSettings = sendsBackDefaults(body, existing)
  for (const name of FIELD_NAMES) {
    const spec: GroupFieldSpec = GROUP_FIELD_SPECS[name]
    const given: unknown = name === 'alertSettings' && keepsNoAlertSettings ? undefined : body[name]
    const present = given !== undefined && !(given === null && spec.keepOnNull === true)
    if (present) fields[name] = spec.normalize ? spec.normalize(given) : given
    else if (existing && name in existing) fields[name] = existing[name]
    else fields[name] = spec.default()
  }
  const errors = collector ?? new FieldErrorCollector()
  // Entries get their defaults; a secret sent back without its value keeps the stored one (secrets/env-var-secrets).
  if (Array.isArray(body.environmentVariables)) fields.environmentVariables = resolveEnvironmentVariables(body.environmentVariables, existing?.environmentVariables, errors)
  // Every field is now the given value as its schema allowed it (normalized), the stored one, or its default: the
  // stored document's own shape, which a walk over the field specs cannot show the compiler field by field.
  const doc = fields as CheckGroupDoc
  validateGroupDoc(doc, body, errors)
  if (!collector) errors.throwIfAny()
  return doc
}

function validateGroupDoc(doc: CheckGroupDoc, body: CheckGroupUpdateBody, errors: FieldErrorCollector): void {
  const defaults = doc.apiCheckDefaults
  if (typeof defaults.url === 'string' && defaults.url !== '') validateHttpUrl(defaults.url, 'apiCheckDefaults.url', errors)
  validateAssertions(defaults.assertions, 'apiCheckDefaults.assertions', errors)
  const retry = body.retryStrategy
  if (retry !== null && typeof retry === 'object') {
    if (retry.type === 'SINGLE_RETRY' && retry.maxRetries !== undefined && retry.maxRetries !== null && retry.maxRetries !== 1) {
      errors.add('retryStrategy.maxRetries', 'is not allowed with type SINGLE_RETRY')
    }
  }
  if (typeof doc.name === 'string' && doc.name.trim() === '') errors.add('name', 'must not be blank')
}
