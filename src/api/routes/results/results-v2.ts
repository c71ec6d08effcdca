/** The v2 list of a check's results: newest first, read page by page with a cursor instead of page numbers. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../../services/index.js'
import { StringEnum } from '../../../domain/checks/shared-schemas.js'
import { CheckResultView } from '../../../domain/results/result-view-schema.js'
import { RESULT_FIELDS } from '../../../services/results/result-cursor.js'
import { errorResponses } from '../../schemas/common.js'
import { ResultFilters } from './results.js'

const CursorResultsQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Results per page (1 to 100).' }),
  nextId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The nextId of the previous page; leave out for the first page.' })),
  fields: Type.Optional(Type.Array(StringEnum(RESULT_FIELDS), { maxItems: RESULT_FIELDS.length, description: 'Only these fields in each entry (comma-separated or repeated).' })),
  ...ResultFilters,
})
const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100 }) })

const ResultCursorList = Type.Object({
  length: Type.Integer({ minimum: 0, description: 'Number of entries on this page (not the total).' }),
  entries: Type.Array(Type.Partial(CheckResultView), { description: 'Whole results, or only the fields asked for.' }),
  nextId: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page; null on the last page.' }),
})

/** `fields=a,b` and `fields=a&fields=b` alike. */
const splitFields = (value: unknown): unknown => (typeof value === 'string' ? value.split(',').map((f) => f.trim()) : value)

export async function resultV2Routes(app: FastifyInstance, services: Services): Promise<void> {
  app.get<{ Params: Static<typeof CheckParams>; Querystring: Static<typeof CursorResultsQuery> }>(
    '/v2/check-results/:checkId',
    {
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>
        if (query.fields !== undefined) query.fields = Array.isArray(query.fields) ? query.fields.flatMap((f) => splitFields(f) as string[]) : splitFields(query.fields)
      },
      schema: {
        tags: ['check results'],
        summary: 'List results of a check, newest first, by cursor',
        description: 'Cursor list: `limit` results from `nextId` on; the answer’s `nextId` reads the next page and is null on the last.',
        params: CheckParams,
        querystring: CursorResultsQuery,
        response: { 200: ResultCursorList, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { entries, nextId } = await services.results.listByCursor(request.accountId, request.params.checkId, request.query)
      return { length: entries.length, entries, nextId }
    },
  )
}
