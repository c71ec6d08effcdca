/**
 * Schema validation for requests. Bodies are validated strictly (no type coercion, no injected defaults: the
 * domain applies defaults so that updates can merge); query strings and path parameters are coerced from text.
 */
import type { ErrorObject } from 'ajv'
import { fieldErrors } from '../lib/schema-field-errors.js'
import type { FastifyRequest } from 'fastify'

export { fieldErrors, fieldPath } from '../lib/schema-field-errors.js'

const isObjectBody = (body: unknown): boolean => body !== null && typeof body === 'object' && !Array.isArray(body)

/**
 * On routes with `attachValidation`, the handler runs even when the body failed its schema: this gives the
 * reasons by field, for the service to add the domain's and answer every problem in one 400. A path or query
 * that failed is thrown as on any route (Fastify validates the path first and stops at the first failing part),
 * and so is a body that is not even an object (a string, an array, null, nothing): no rule has a field to judge.
 */
export function bodySchemaErrors(request: FastifyRequest): Record<string, string> | undefined {
  const err = request.validationError
  if (!err) return undefined
  if (err.validationContext !== 'body' || !Array.isArray(err.validation) || !isObjectBody(request.body)) throw err
  return fieldErrors(err.validation as ErrorObject[])
}
