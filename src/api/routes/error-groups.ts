/** Error groups: failing runs of a check grouped by their cleaned error message; archiving. */
import { Type, type Static } from 'typebox'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../services/index.js'
import { Nullable } from '../../domain/checks/shared-schemas.js'
import { errorResponses } from '../schemas/common.js'
import { PageQuery, sendPage } from '../paging.js'

const ErrorGroup = Type.Object({
  id: Type.String({ description: 'Unique ID of the error group (UUID).' }),
  checkId: Type.String({ description: 'The check whose failing runs the group holds.' }),
  errorHash: Type.String({ description: 'sha256 (hex) of the cleaned error message, for deduplication.' }),
  rawErrorMessage: Nullable(Type.String({ description: 'The error message of the latest occurrence, as recorded in its check result.' })),
  cleanedErrorMessage: Type.String({
    description: 'The message with numbers, ids, UUIDs, hex, timestamps, IPs, ports, durations and quoted values replaced by placeholders; what the group is made by.',
  }),
  firstSeen: Type.String({ format: 'date-time', description: 'Start of the first failing run in the group.' }),
  lastSeen: Type.String({ format: 'date-time', description: 'Start of the latest failing run in the group.' }),
  archivedUntilNextEvent: Type.Boolean({ description: 'Hidden from the default lists until the error occurs again.' }),
  rootCauseAnalyses: Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Not produced by this service: always empty.' }),
  occurrences: Type.Integer({ description: 'How many failing runs the group holds (archived or not).' }),
  archivedForever: Type.Boolean({ description: 'Archived with archiveForEver: hidden from the default lists even when the error occurs again (occurrences are still counted).' }),
})

const ListQuery = Type.Object({
  ...PageQuery,
  includeArchived: Type.Optional(Type.Boolean({ default: false, description: 'Also list archived groups (until the next event, or for ever).' })),
})
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100, description: 'Error group id (UUID); anything else is a 404.' }) })
const CheckParams = Type.Object({ checkId: Type.String({ minLength: 1, maxLength: 100, description: 'Check id (UUID).' }) })
const PatchBody = Type.Object(
  {
    archiveForEver: Type.Optional(Nullable(Type.Boolean({ description: 'true: hide the group for good (still counted); false: undo it.' }))),
    archivedUntilNextEvent: Type.Optional(Nullable(Type.Boolean({ description: 'true: hide the group until the error occurs again; false: show it again.' }))),
  },
  { description: 'At least one of the two; null leaves a setting as it is. Other keys are ignored.' },
)
const tags = ['error groups']

export async function errorGroupRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const groups = services.errorGroups

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/v1/error-groups',
    {
      schema: {
        tags,
        summary: 'List the error groups of the account, latest occurrence first (archived ones only with includeArchived=true)',
        querystring: ListQuery,
        response: { 200: Type.Array(ErrorGroup), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await groups.list(request.accountId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get<{ Params: Static<typeof CheckParams>; Querystring: Static<typeof ListQuery> }>(
    '/v1/error-groups/checks/:checkId',
    {
      schema: {
        tags,
        summary: 'List the error groups of one check, latest occurrence first (archived ones only with includeArchived=true)',
        params: CheckParams,
        querystring: ListQuery,
        response: { 200: Type.Array(ErrorGroup), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = request.query
      const { items, total } = await groups.listForCheck(request.accountId, request.params.checkId, q)
      return sendPage(request, reply, q.page, q.limit, items, total)
    },
  )

  app.get<{ Params: Static<typeof IdParams> }>(
    '/v1/error-groups/:id',
    { schema: { tags, summary: 'Get one error group', params: IdParams, response: { 200: ErrorGroup, ...errorResponses(400, 401, 404, 429) } } },
    async (request) => groups.get(request.accountId, request.params.id),
  )

  app.patch<{ Params: Static<typeof IdParams>; Body: Static<typeof PatchBody> }>(
    '/v1/error-groups/:id',
    {
      schema: {
        tags,
        summary: 'Archive an error group (until its next event, or for ever) or show it again',
        params: IdParams,
        body: PatchBody,
        response: { 200: ErrorGroup, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => groups.update(request.accountId, request.params.id, request.body),
  )
}
