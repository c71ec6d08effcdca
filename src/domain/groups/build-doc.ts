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
import { GROUP_FIELDS } from './schema.js'

type Doc = Record<string, unknown>

export function buildGroupDoc(body: Doc, existing?: Doc, collector?: FieldErrorCollector): Doc {
  const doc: Doc = {}
  for (const [name, spec] of Object.entries(GROUP_FIELDS)) {
    const given = body[name]
    const present = given !== undefined && !(given === null && spec.keepOnNull)
    if (present) doc[name] = spec.normalize ? spec.normalize(given) : given
    else if (existing && name in existing) doc[name] = existing[name]
    else doc[name] = spec.default()
  }
  const errors = collector ?? new FieldErrorCollector()
  // Entries get their defaults; a secret sent back without its value keeps the stored one (secrets/env-var-secrets).
  if (Array.isArray(body.environmentVariables)) doc.environmentVariables = resolveEnvironmentVariables(body.environmentVariables, existing?.environmentVariables, errors)
  validateGroupDoc(doc, body, errors)
  if (!collector) errors.throwIfAny()
  return doc
}

function validateGroupDoc(doc: Doc, body: Doc, errors: FieldErrorCollector): void {
  const defaults = doc.apiCheckDefaults as Doc
  if (typeof defaults.url === 'string' && defaults.url !== '') validateHttpUrl(defaults.url, 'apiCheckDefaults.url', errors)
  validateAssertions(defaults.assertions, 'apiCheckDefaults.assertions', errors)
  const retry = body.retryStrategy
  if (retry !== null && typeof retry === 'object') {
    const r = retry as Doc
    if (r.type === 'SINGLE_RETRY' && r.maxRetries !== undefined && r.maxRetries !== null && r.maxRetries !== 1) {
      errors.add('retryStrategy.maxRetries', 'is not allowed with type SINGLE_RETRY')
    }
  }
  if (typeof doc.name === 'string' && doc.name.trim() === '') errors.add('name', 'must not be blank')
}
