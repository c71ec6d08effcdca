/**
 * Validation of a deploy request before anything is read or written: each resource's payload (references replaced
 * by placeholder ids of the right type) against its public create route's body schema, with Ajv configured as the
 * API's is, then the create's own rules; references, duplicates, a check's type and how deep a payload nests. Every
 * problem comes back in one 400 whose fields name the resource: `resources[3] (check:home).request.url`.
 */
import type { ValidateFunction } from 'ajv'
import { createBodyAjv } from '../../lib/body-ajv.js'
import { oncePerSchema } from '../../lib/once-per-schema.js'
import type { TSchema } from 'typebox'
import { fieldErrors } from '../../lib/schema-field-errors.js'
import { TOO_DEEP, tooDeepPath } from '../../lib/json-walk.js'
import { BodyProblems } from '../../domain/body-problems.js'
import { ValidationError, describeFields, type FieldErrors } from '../../domain/errors.js'
import { completeBody } from '../../domain/projects/complete-body.js'
import type { DeployRequest, DeployResource } from '../../domain/projects/deploy-request.js'
import { applyCreateRules, createBodySchema } from '../../domain/projects/payload-rules.js'
import { refProblems, replaceRefs, resourceKey } from '../../domain/projects/refs.js'
import { placeholderId } from '../../domain/projects/resource-ids.js'

export const resourceLabel = (index: number, r: Pick<DeployResource, 'kind' | 'logicalId'>): string => `resources[${index}] (${r.kind}:${r.logicalId})`

/** Throws the ValidationError naming every problem of the request, if it has any. */
export type DeployValidator = (request: DeployRequest) => void

export function deployValidator(): DeployValidator {
  // As the API validates bodies: strict types, no injected defaults, every error.
  const ajv = createBodyAjv()
  const validatorOf: (schema: TSchema) => ValidateFunction = oncePerSchema((schema) => ajv.compile(schema))

  /** The problems of one payload, by field of the payload ('body' for the payload as a whole). */
  function payloadProblems(r: DeployResource, byKey: ReadonlyMap<string, DeployResource>): FieldErrors {
    const schema = createBodySchema(r.kind, r.checkType)
    if (!schema) return {}
    const body = replaceRefs(r.payload, (use) => (use.target ? placeholderId(byKey.get(resourceKey(use.target.kind, use.target.logicalId)), use.target.kind) : null))
    const validate = validatorOf(schema)
    const problems = new BodyProblems(validate(body) ? {} : fieldErrors(validate.errors ?? []))
    problems.check((errors) => applyCreateRules(r.kind, r.checkType, completeBody(r.kind, body, r.checkType), errors))
    return problems.fields()
  }

  return (request) => {
    const problems: FieldErrors = {}
    const firstIndex = new Map<string, number>()
    const byKey = new Map<string, DeployResource>()
    request.resources.forEach((r, i) => {
      const key = resourceKey(r.kind, r.logicalId)
      if (firstIndex.has(key)) return
      firstIndex.set(key, i)
      byKey.set(key, r)
    })
    const keys = new Set(byKey.keys())
    request.resources.forEach((r, i) => {
      const label = resourceLabel(i, r)
      const add = (field: string, why: string) => {
        const name = field === '' || field === 'body' ? label : `${label}.${field}`
        if (!(name in problems)) problems[name] = why
      }
      const first = firstIndex.get(resourceKey(r.kind, r.logicalId))
      if (first !== i) add('logicalId', `repeats resources[${String(first)}]: a (kind, logicalId) appears once in a request`)
      if (r.kind === 'check' && !r.checkType) add('checkType', 'is required for a check')
      // The checks below walk the payload; one nested too deep is named as such and not walked.
      const deep = tooDeepPath(r.payload)
      if (deep !== null) {
        add(deep, TOO_DEEP)
        return
      }
      for (const [path, why] of Object.entries(refProblems(r, keys))) add(path, why)
      for (const [field, why] of Object.entries(payloadProblems(r, byKey))) add(field, why)
    })
    if (Object.keys(problems).length > 0) throw new ValidationError(problems, `Invalid deploy request: ${describeFields(problems)}`)
  }
}
