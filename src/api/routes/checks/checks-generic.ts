/**
 * POST /v1/checks and PUT /v1/checks/{id}: the generic (deprecated in the reference, still used by its clients)
 * routes, where the body's checkType names the type. Each body is judged by its type's own body schema and rules
 * and stored by the same service as the typed routes, so both routes store the same check.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ErrorObject } from 'ajv'
import { Type } from 'typebox'
import { bodySchema, type CheckTypeDef } from '../../../domain/checks/check-type.js'
import { AnyCheckView } from '../../../domain/checks/check-view-schema.js'
import { CREATABLE_TYPES, TYPES_NOT_BUILT, checkTypeOfBody } from '../../../domain/checks/check-type-of-body.js'
import { ValidationError } from '../../../domain/errors.js'
import type { CheckService } from '../../../services/checks/checks.js'
import { AutoAssignAlertsQuery, errorResponses } from '../../schemas/common.js'
import { fieldErrors } from '../../validation.js'
import { IdParams } from './check-queries.js'

type Body = Record<string, unknown>
type AutoAssign = { autoAssignAlerts: boolean }

/** Only checkType is judged before the type is known; the type's own schema judges the rest. */
const GenericBody = Type.Object(
  {
    checkType: Type.String({
      description: `The type of the check: one of ${CREATABLE_TYPES.join(', ')}${TYPES_NOT_BUILT.length > 0 ? ` (${TYPES_NOT_BUILT.join(', ')} are not available yet)` : ''}.`,
    }),
  },
  { additionalProperties: true, description: "The fields of the check's type, as its typed route takes them." },
)

export async function genericCheckRoutes(app: FastifyInstance, deps: { checks: CheckService }): Promise<void> {
  const { checks } = deps

  /** The reasons the body fails its type's schema, by field, from the same compiled validator as the typed route. */
  const schemaErrors = (request: FastifyRequest, def: CheckTypeDef, mode: 'create' | 'update') => {
    const compile = app.validatorCompiler
    if (!compile) throw new Error('the app has no validator compiler')
    const validate = compile({ schema: bodySchema(def, mode), method: request.method, url: request.url, httpPart: 'body' }) as {
      (body: unknown): boolean
      errors?: ErrorObject[] | null
    }
    return validate(request.body) ? undefined : fieldErrors(validate.errors ?? [])
  }

  app.post<{ Body: Body; Querystring: AutoAssign }>(
    '/v1/checks',
    {
      schema: {
        tags: ['checks'],
        summary: 'Create a check of the type the body names (checkType)',
        querystring: AutoAssignAlertsQuery,
        body: GenericBody,
        response: { 201: { ...AnyCheckView, description: 'The created check' }, ...errorResponses(400, 401, 409, 429) },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const def = checkTypeOfBody(request.body)
      const created = await checks.create(request.accountId, def.segment, request.body, request.query, schemaErrors(request, def, 'create'))
      return reply.code(201).send(created)
    },
  )

  app.put<{ Body: Body; Params: { id: string }; Querystring: AutoAssign }>(
    '/v1/checks/:id',
    {
      schema: {
        tags: ['checks'],
        summary: 'Update a check of the type the body names (checkType; fields left out keep their value)',
        params: IdParams,
        querystring: AutoAssignAlertsQuery,
        body: GenericBody,
        response: { 200: { ...AnyCheckView, description: 'The updated check' }, ...errorResponses(400, 401, 404, 409, 429) },
      },
      attachValidation: true,
    },
    async (request) => {
      const def = checkTypeOfBody(request.body)
      // The check must exist (404 otherwise) and keep its type: a type is chosen once, at creation.
      const existing = await checks.get(request.accountId, request.params.id)
      if (existing.checkType !== def.checkType) {
        throw new ValidationError({ checkType: `is ${existing.checkType} for this check: a check's type cannot change` })
      }
      return checks.update(request.accountId, def.segment, request.params.id, request.body, request.query, schemaErrors(request, def, 'update'))
    },
  )
}
