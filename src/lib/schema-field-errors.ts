/**
 * JSON-schema (Ajv) errors as the API reports them: one reason per offending field, named as people write it
 * (`request.assertions[0].source`). Used by the API's validation and by services that validate documents against
 * the same schemas (a project's deploy).
 */
import type { ErrorObject } from 'ajv'

/** `/request/assertions/0/source` → `request.assertions[0].source` */
export function fieldPath(instancePath: string, extra?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  if (extra) parts.push(extra)
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '')
}

function describe(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'required':
      return 'is required'
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'type':
      return `must be ${String(p.type).replace(',', ' or ')}`
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters long`
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters long`
    case 'maxItems':
      return `must have at most ${String(p.limit)} entries`
    case 'not':
      // A property schema of `{not: {}}` is how bodies mark an option that exists elsewhere but is not supported here.
      return 'is not a supported option'
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${e.message ?? 'is out of range'}`
    default:
      return e.message ?? 'is invalid'
  }
}

/**
 * One reason per offending field. For nullable fields (anyOf [T, null]) the "must be null" branch and the anyOf
 * summary are dropped so that the real reason (e.g. "must be at most 500 characters long") is the one reported.
 */
export function fieldErrors(errors: ErrorObject[], prefix = ''): Record<string, string> {
  const byField = new Map<string, ErrorObject[]>()
  for (const e of errors) {
    const field = e.keyword === 'required' ? fieldPath(e.instancePath, String((e.params as { missingProperty: string }).missingProperty)) : fieldPath(e.instancePath)
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
    const chosen = useful.find((e) => e.keyword !== 'type') ?? useful[0] ?? list[0]
    if (chosen) out[field] = describe(chosen)
  }
  return out
}
